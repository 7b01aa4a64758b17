// Bench experiment worker (strategy "standalone"): AJV standalone code generated at build time
// (bench/strategies.mjs writes it; the alias 'chartspec-bench-validators' points at it). Same
// message protocol as the compile-in-worker experiment: { id, text } in, one result out.
import * as validators from 'chartspec-bench-validators';

const readyAt = performance.timeOrigin + performance.now();
let first = true;

function kindOf(spec) {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return 'TopLevelUnitSpec';
  const has = (k) => Object.prototype.hasOwnProperty.call(spec, k);
  if (typeof spec.$schema === 'string' && /\/schema\/vega\/v\d+/.test(spec.$schema)) return 'vega';
  for (const k of ['layer', 'facet', 'repeat', 'hconcat', 'vconcat', 'concat'])
    if (has(k)) return `TopLevel${{ hconcat: 'HConcat', vconcat: 'VConcat' }[k] ?? k[0].toUpperCase() + k.slice(1)}Spec`;
  return 'TopLevelUnitSpec';
}

self.onmessage = (event) => {
  const { id, text } = event.data;
  const receivedAt = performance.timeOrigin + performance.now();
  try {
    const spec = JSON.parse(text);
    const t0 = performance.now();
    const fn = validators[kindOf(spec)];
    const valid = fn(spec);
    const ms = performance.now() - t0;
    self.postMessage({ id, valid, errors: fn.errors ? fn.errors.length : 0, compileMs: first ? ms : 0, validateMs: first ? 0 : ms, readyAt, receivedAt, isolated: self.crossOriginIsolated });
  } catch (e) {
    self.postMessage({ id, error: `${e?.name ?? 'Error'}: ${e?.message ?? e}`, readyAt, receivedAt });
  }
  first = false;
};
