import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** `../shared/conformance` beside the checkout (CI has it; a fresh clone elsewhere may not). */
export const CONFORMANCE_DIR = resolve(here, '../../../shared/conformance');

export interface CorpusFile {
  name: string;
  text: string;
}

export function readCorpus(kind: 'vega-lite' | 'vega'): CorpusFile[] | undefined {
  const dir = join(CONFORMANCE_DIR, kind);
  if (!existsSync(dir)) return undefined;
  const suffix = kind === 'vega' ? '.vg.json' : '.vl.json';
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

export function skipMessage(kind: string): string {
  return `conformance suite skipped: ${join(CONFORMANCE_DIR, kind)} not found (it sits beside the checkout as ../shared in CI)`;
}
