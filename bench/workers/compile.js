// Bench experiment worker (strategy "compile in worker"): the app's own createAjvValidator
// (src/core/ajv.ts: AJV compiles the schema on the first validation). Same message protocol as
// the standalone experiment: { id, text } in, one result out.
import { createAjvValidator } from '../../src/core/ajv.ts';

const readyAt = performance.timeOrigin + performance.now();
const validator = createAjvValidator();
let first = true;

function languageOf(spec) {
  const schema = spec && typeof spec === 'object' && !Array.isArray(spec) ? spec.$schema : undefined;
  return typeof schema === 'string' && /\/schema\/vega\/v\d+/.test(schema) ? 'vega' : 'vega-lite';
}

self.onmessage = (event) => {
  const { id, text } = event.data;
  const receivedAt = performance.timeOrigin + performance.now();
  try {
    const spec = JSON.parse(text);
    const t0 = performance.now();
    const errors = validator.validate(languageOf(spec), spec);
    const ms = performance.now() - t0;
    self.postMessage({
      id,
      valid: errors.length === 0,
      errors: errors.length,
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
