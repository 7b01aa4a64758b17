import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Vega-Lite's and Vega's own example specs, beside the checkout when it is there (CI has it). */
export const CONFORMANCE = new URL('../../../shared/conformance/', import.meta.url);

/** Every gallery example, and the conformance specs when they are there: [name, text]. */
export function exampleAndConformanceSpecs(): [string, string][] {
  const out: [string, string][] = [];
  const examples = new URL('../../examples/', import.meta.url);
  for (const f of readdirSync(examples).filter((f) => f.endsWith('.json')))
    out.push([`examples/${f}`, readFileSync(new URL(f, examples), 'utf8')]);
  for (const dir of ['vega-lite', 'vega']) {
    const d = new URL(`${dir}/`, CONFORMANCE);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d).filter((f) => f.endsWith('.json')))
      out.push([`${dir}/${f}`, readFileSync(new URL(f, d), 'utf8')]);
  }
  return out;
}
