import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { createAjvValidator } from '../../src/core/ajv';
import { expandMarks } from '../../src/core/expand';
import { normalizedExampleText } from '../../src/core/examples';
import { parseDocument } from '../../src/core/parse';
import { runPipeline } from '../../src/core/pipeline';
import { compiledWithWarnings, deepFreeze } from './helpers';

const DIR = new URL('../../examples/', import.meta.url);
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

describe('every example', () => {
  const validator = createAjvValidator();
  const plain = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false }).compile(
    vegaLiteSchema,
  );

  it('exists', () => {
    expect(names).toContain('welcome.vl.json');
  });

  it.each(names)('%s: valid against the extended schema, no problem at all, compiles', (name) => {
    const r = runPipeline(read(name), { validator });
    expect(r.problems).toEqual([]);
    expect(r.vega).toBeDefined();
  });

  it.each(names)("%s: its expansion is plain Vega-Lite, valid against Vega-Lite's own schema", (name) => {
    const { spec } = expandMarks(parseDocument(read(name)).value);
    const ok = plain(spec);
    expect(plain.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it.each(names)(
    '%s: its export (the committed expansion) is valid Vega-Lite that compiles without a warning',
    (name) => {
      const spec = JSON.parse(normalizedExampleText(read(name)));
      expect(plain(spec)).toBe(true);
      const { vega, warnings } = compiledWithWarnings(spec);
      expect(vega).toBeDefined();
      expect(warnings).toEqual([]);
    },
  );

  it.each(names)('%s: expanding does not change the spec', (name) => {
    const value = parseDocument(read(name)).value;
    const before = structuredClone(value);
    expandMarks(deepFreeze(value));
    expect(value).toEqual(before);
  });

  it.each(names)('%s: the committed expansion is current (npm run examples)', (name) => {
    const file = new URL(`normalized/${name}`, DIR);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8') === normalizedExampleText(read(name))).toBe(true);
  });
});
