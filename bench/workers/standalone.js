// Bench experiment worker (strategy "standalone"): AJV standalone code generated at build time
// (bench/strategies.mjs writes it; the alias 'chartspec-bench-validators' points at it). Same
// message protocol as the compile-in-worker experiment: { id, text } in, one result out.
import * as validators from 'chartspec-bench-validators';
import { kindOf } from './kind.js';

const readyAt = performance.timeOrigin + performance.now();
let first = true;

self.onmessage = (event) => {
  const { id, text } = event.data;
  const receivedAt = performance.timeOrigin + performance.now();
  try {
    const spec = JSON.parse(text);
    const t0 = performance.now();
    const fn = validators[kindOf(spec)];
    const valid = fn(spec);
    const ms = performance.now() - t0;
    self.postMessage({
      id,
      valid,
      errors: fn.errors ? fn.errors.length : 0,
      compileMs: first ? ms : 0,
      validateMs: first ? 0 : ms,
      readyAt,
      receivedAt,
      isolated: self.crossOriginIsolated,
    });
  } catch (e) {
    self.postMessage({ id, error: `${e?.name ?? 'Error'}: ${e?.message ?? e}`, readyAt, receivedAt });
  }
  first = false;
};
