// Bench experiment worker (strategy "quick"): the app's first validator
// (src/core/quick-validate.ts, @cfworker/json-schema) over the schemas as JSON, fetched from
// beside this script on the first request, as the app's schema worker does. Same message
// protocol as the other experiments: { id, text } in, one result out.
import { quickValidator } from '../../src/core/quick-validate.ts';
import { kindOf } from './kind.js';

const readyAt = performance.timeOrigin + performance.now();
let first = true;
const validators = {};

// The schemas sit beside this script (bench/strategies.mjs writes them there).
const base = import.meta.url;

async function validatorFor(key) {
  validators[key] ??= fetch(new URL('./schema-' + key + '.json', base))
    .then((r) => r.json())
    .then(quickValidator);
  return validators[key];
}

self.onmessage = async (event) => {
  const { id, text } = event.data;
  const receivedAt = performance.timeOrigin + performance.now();
  try {
    const spec = JSON.parse(text);
    const kind = kindOf(spec);
    const t0 = performance.now();
    const check = await validatorFor(kind === 'vega' ? 'vg' : 'vl');
    const valid = kind === 'vega' ? check(spec) : check(spec, `#/definitions/${kind}`);
    const ms = performance.now() - t0;
    self.postMessage({
      id,
      valid,
      errors: valid ? 0 : 1,
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
