import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { createAjvValidator } from '../../src/core/ajv';
import { runPipeline } from '../../src/core/pipeline';
import { readCorpus, skipMessage } from './corpus';

const corpus = readCorpus('vega-lite');
if (!corpus) console.warn(skipMessage('vega-lite'));

describe.skipIf(!corpus)('Vega-Lite conformance corpus', () => {
  const validator = createAjvValidator();
  const files = corpus ?? [];

  it('has the examples', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it.each(files.map((f) => [f.name, f.text] as const))('%s: no error, same Vega as vega-lite', (_name, text) => {
    const result = runPipeline(text, { validator });
    const errors = result.problems.filter((p) => p.severity === 'error');
    expect(errors).toEqual([]);
    const expected = compile(JSON.parse(text)).spec;
    expect(result.vega).toEqual(expected);
  });
});
