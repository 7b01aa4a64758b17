import { findKeys, rangeOfPointer, type ParsedDocument } from './parse';
import { fromPointer } from './pointer';
import type { Problem } from './problem';

/**
 * The files in the `data/` folder of the vega-datasets package the app serves at `data/` and the
 * command line reads (vega-datasets 3.2.1, pinned in package.json). Listed here because the core
 * reads no disk; tests/unit/core/dataset-url.test.ts compares the list with the installed package,
 * so a bump of vega-datasets that adds or drops a file fails there.
 */
export const BUNDLED_DATASETS: ReadonlySet<string> = new Set([
  '7zip.png',
  'airports.csv',
  'annual-precip.json',
  'anscombe.json',
  'barley.json',
  'birdstrikes.csv',
  'budget.json',
  'budgets.json',
  'burtin.json',
  'cars.json',
  'co2-concentration.csv',
  'countries.json',
  'crimea.json',
  'disasters.csv',
  'driving.json',
  'earthquakes.json',
  'ffox.png',
  'flare-dependencies.json',
  'flare.json',
  'flights-10k.json',
  'flights-200k.arrow',
  'flights-200k.json',
  'flights-20k.json',
  'flights-2k.json',
  'flights-3m.parquet',
  'flights-5k.json',
  'flights-airport.csv',
  'football.json',
  'gapminder-health-income.csv',
  'gapminder.json',
  'gimp.png',
  'github.csv',
  'global-temp.csv',
  'income.json',
  'iowa-electricity.csv',
  'jobs.json',
  'la-riots.csv',
  'londonBoroughs.json',
  'londonCentroids.json',
  'londonTubeLines.json',
  'lookup_groups.csv',
  'lookup_people.csv',
  'miserables.json',
  'monarchs.json',
  'movies.json',
  'normal-2d.json',
  'obesity.json',
  'ohlc.json',
  'penguins.json',
  'platformer-terrain.json',
  'political-contributions.json',
  'population.json',
  'population_engineers_hurricanes.csv',
  'seattle-weather-hourly-normals.csv',
  'seattle-weather.csv',
  'sp500-2000.csv',
  'sp500.csv',
  'species.csv',
  'stocks.csv',
  'udistrict.json',
  'unemployment-across-industries.json',
  'unemployment.tsv',
  'uniform-2d.json',
  'us-10m.json',
  'us-employment.csv',
  'us-state-capitals.json',
  'volcano.json',
  'weather.csv',
  'weekly-weather.json',
  'wheat.json',
  'windvectors.csv',
  'world-110m.json',
  'zipcodes.csv',
]);

/** A version or git ref after `@` (`@2`, `@v1.29.0`, `@latest`, `@main`): anything but a slash. */
const AT_VERSION = '(?:@[^/@]+)?';

/**
 * Where the web publishes vega-datasets' files, host by host: the path up to `data/<file>`. The
 * host must be exactly one of these (the URL parser reads it, so `cdn.jsdelivr.net.evil.com`,
 * `evil.com/cdn.jsdelivr.net/…` and `cdn.jsdelivr.net@evil.com` are other hosts).
 */
const PUBLISHERS: Record<string, RegExp[]> = {
  // jsDelivr serves npm packages and GitHub repositories, from its main host and its mirrors.
  'cdn.jsdelivr.net': [
    new RegExp(`^/npm/vega-datasets${AT_VERSION}/data/([^/]+)$`),
    new RegExp(`^/gh/vega/vega-datasets${AT_VERSION}/data/([^/]+)$`),
  ],
  'fastly.jsdelivr.net': [
    new RegExp(`^/npm/vega-datasets${AT_VERSION}/data/([^/]+)$`),
    new RegExp(`^/gh/vega/vega-datasets${AT_VERSION}/data/([^/]+)$`),
  ],
  'gcore.jsdelivr.net': [
    new RegExp(`^/npm/vega-datasets${AT_VERSION}/data/([^/]+)$`),
    new RegExp(`^/gh/vega/vega-datasets${AT_VERSION}/data/([^/]+)$`),
  ],
  'unpkg.com': [new RegExp(`^/vega-datasets${AT_VERSION}/data/([^/]+)$`)],
  // The project's own site (GitHub Pages of vega/vega-datasets).
  'vega.github.io': [/^\/vega-datasets\/data\/([^/]+)$/],
  // A branch, tag or commit (`main`, `v2.8.0`), or `refs/heads/main`.
  'raw.githubusercontent.com': [/^\/vega\/vega-datasets\/(?:refs\/(?:heads|tags)\/)?[^/]+\/data\/([^/]+)$/],
  // GitHub's own "raw" links redirect to raw.githubusercontent.com.
  'github.com': [/^\/vega\/vega-datasets\/raw\/(?:refs\/(?:heads|tags)\/)?[^/]+\/data\/([^/]+)$/],
};

/**
 * The bundled vega-datasets file a URL names, or undefined. `https://cdn.jsdelivr.net/npm/
 * vega-datasets@2/data/cars.json` → `cars.json`, as do the same file on unpkg, vega.github.io,
 * raw.githubusercontent.com and github.com/…/raw/…; any version, any query string or fragment.
 * Only http(s) on the default port, no user name, and a file the bundled package has: anything
 * else (another host, a look-alike, a file the package dropped) is left to load as written.
 */
export function bundledDatasetFile(url: string): string | undefined {
  if (typeof url !== 'string' || url.length > 2048) return undefined;
  // Protocol-relative URLs (`//cdn.jsdelivr.net/…`) take the page's scheme, https in practice.
  const absolute = url.startsWith('//') ? `https:${url}` : url;
  if (!/^https?:\/\//i.test(absolute)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(absolute);
  } catch {
    return undefined;
  }
  // `port` is '' for the scheme's own port; anything else is some other server.
  if (parsed.username || parsed.password || parsed.port) return undefined;
  const patterns = PUBLISHERS[parsed.hostname];
  if (!patterns) return undefined;
  for (const pattern of patterns) {
    const encoded = pattern.exec(parsed.pathname)?.[1];
    if (encoded === undefined) continue;
    let file: string;
    try {
      file = decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
    return BUNDLED_DATASETS.has(file) ? file : undefined;
  }
  return undefined;
}

/** The note at each URL that is loaded from the bundled copy. */
export function bundledDatasetMessage(file: string): string {
  return `Loaded from the bundled vega-datasets: ${file} (no network needed)`;
}

/**
 * Where the loaders find a bundled file: relative, as the app serves vega-datasets at `data/`
 * and the command line reads it from the package.
 */
export function bundledDatasetUrl(file: string): string {
  return `data/${file}`;
}

/** Is this pointer a data source's `url` (`…/data/url`, Vega's `…/data/3/url`)? */
function isDataUrlPath(pointer: string): boolean {
  const segments = fromPointer(pointer);
  const parent = segments[segments.length - 2];
  const grandparent = segments[segments.length - 3];
  return parent === 'data' || (parent !== undefined && /^\d+$/.test(parent) && grandparent === 'data');
}

/** How many `url` properties the text is searched for: more than any real spec has. */
const MAX_URLS = 500;

/**
 * An info note at each data URL in the text that names a bundled vega-datasets file on the web
 * (jsDelivr, unpkg, GitHub …): the app's and the command line's loaders read that file from the
 * bundled package instead (render/loader.ts, cli/datasets.ts), so Vega-Lite's examples, which
 * name their data that way, draw without the network. The spec itself is not changed: the
 * compiled Vega and every export keep the URL as written, and work anywhere.
 */
export function bundledDatasetNotes(doc: ParsedDocument): Problem[] {
  // Every URL this recognises has the package's name in it: most texts are passed over unread.
  if (!doc.ok || !doc.text.includes('vega-datasets')) return [];
  const problems: Problem[] = [];
  for (const path of findKeys(doc, 'url', MAX_URLS)) {
    if (!isDataUrlPath(path)) continue;
    const value = valueAt(doc.value, path);
    const file = typeof value === 'string' ? bundledDatasetFile(value) : undefined;
    if (file === undefined) continue;
    problems.push({
      severity: 'info',
      message: bundledDatasetMessage(file),
      source: 'compile',
      path,
      range: rangeOfPointer(doc, path),
    });
  }
  return problems;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of fromPointer(pointer)) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
