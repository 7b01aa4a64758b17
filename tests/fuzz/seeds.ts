import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCorpus, skipMessage } from '../conformance/corpus';
import type { Seed } from './mutate';

const EXAMPLES = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../examples');

/**
 * The specs mutations start from: every example, and the conformance corpus (read in place
 * beside the checkout, never copied) when it is there. `skipped` says what was not found.
 */
export function loadSeeds(): { seeds: Seed[]; skipped: string[] } {
  const seeds: Seed[] = readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `examples/${f}`, text: readFileSync(join(EXAMPLES, f), 'utf8') }));
  const skipped: string[] = [];
  for (const kind of ['vega-lite', 'vega'] as const) {
    const corpus = readCorpus(kind);
    if (!corpus) skipped.push(skipMessage(kind));
    else seeds.push(...corpus.map((c) => ({ name: `conformance/${kind}/${c.name}`, text: c.text })));
  }
  return { seeds, skipped };
}
