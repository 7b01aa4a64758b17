import { describe, expect, it } from 'vitest';
import { createAjvValidator } from '../../src/core/ajv';
import { runPipeline } from '../../src/core/pipeline';
import { readCorpus, skipMessage } from './corpus';

const corpus = readCorpus('vega');
if (!corpus) console.warn(skipMessage('vega'));

describe.skipIf(!corpus)('Vega conformance corpus', () => {
  const validator = createAjvValidator();
  const files = corpus ?? [];

  it('has the specs', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [f.name, f.text] as const))(
    '%s: read as Vega, valid, handed on unchanged',
    (_name, text) => {
      const result = runPipeline(text, { validator });
      expect(result.language).toBe('vega');
      expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(result.vega).toEqual(JSON.parse(text));
    },
  );
});
