/**
 * The examples' texts, one small chunk each, loaded when one is opened. The list (titles,
 * tags, thumbnails) comes from `virtual:chartspec-gallery`, built from the same folder.
 */
const texts = import.meta.glob<string>('/examples/*.json', { query: '?raw', import: 'default' });

export async function loadExampleText(name: string): Promise<string | undefined> {
  for (const suffix of ['.vl.json', '.vg.json', '.json']) {
    const load = texts[`/examples/${name}${suffix}`];
    if (load) return load();
  }
  return undefined;
}
