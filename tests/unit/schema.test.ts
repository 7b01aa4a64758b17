import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { buildExtendedSchema, CHARTSPEC_SCHEMA_ID } from '../../src/core/schema';
import { extendedSchemaText } from '../../src/core/schema-file';
import { detectLanguage } from '../../src/core/language';
import { parseDocument } from '../../src/core/parse';
import type { ExtensionMark, JsonObject } from '../../src/core/marks/types';

/** A small but real mark: a "spark" line with an end dot, with its own options and channel. */
const spark: ExtensionMark = {
  name: 'spark',
  schema: {
    def: 'SparkDef',
    definitions: {
      SparkDef: {
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: { const: 'spark' },
          dot: { type: 'boolean', description: 'Draw a dot at the last point. __Default value:__ `true`' },
          color: { type: 'string' },
        },
      },
    },
    channels: { emphasis: { type: 'object', properties: { field: { type: 'string' } }, additionalProperties: false } },
    config: { $ref: '#/definitions/SparkDef' },
  },
  normalize: (spec) => ({ ...spec, mark: 'line' }),
};

const base = vegaLiteSchema as JsonObject;

function validator(marks: ExtensionMark[]) {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
  return ajv.compile(buildExtendedSchema(base, marks));
}

describe('the extended schema', () => {
  const validate = validator([spark]);
  const data = { values: [{ t: 1, v: 2 }] };

  it('accepts the mark by name and as a mark object with its options', () => {
    expect(validate({ data, mark: 'spark', encoding: { x: { field: 't', type: 'quantitative' } } })).toBe(true);
    expect(validate({ data, mark: { type: 'spark', dot: false, color: 'red' } })).toBe(true);
  });

  it('accepts the channel the mark adds, and its config block', () => {
    expect(validate({ data, mark: 'spark', encoding: { emphasis: { field: 'v' } } })).toBe(true);
    expect(validate({ data, mark: 'spark', config: { spark: { type: 'spark', dot: true } } })).toBe(true);
  });

  it('rejects a bad option of the mark, pointing at it', () => {
    expect(validate({ data, mark: { type: 'spark', dot: 'yes' } })).toBe(false);
    expect(validate.errors!.some((e) => e.instancePath === '/mark/dot' && e.keyword === 'type')).toBe(true);
  });

  it('still rejects marks nobody defined, and keeps plain Vega-Lite valid', () => {
    expect(validate({ data, mark: 'sparkle' })).toBe(false);
    expect(validate({ data, mark: 'bar', encoding: { x: { field: 't', type: 'quantitative' } } })).toBe(true);
  });

  it('does not change the schema it starts from', () => {
    const before = JSON.stringify(base);
    buildExtendedSchema(base, [spark]);
    expect(JSON.stringify(base)).toBe(before);
  });

  it('refuses a mark that redefines an existing definition', () => {
    const clash: ExtensionMark = { ...spark, schema: { ...spark.schema!, definitions: { Mark: {} } } };
    expect(() => buildExtendedSchema(base, [clash])).toThrow(/redefines "Mark"/);
  });

  it('adds an option a mark lends to Vega-Lite’s mark object, and refuses one it has already', () => {
    const lending: ExtensionMark = {
      ...spark,
      lends: { name: 'glow', schema: { $ref: '#/definitions/SparkDef' }, normalize: (spec) => spec },
    };
    const lent = validator([lending]);
    expect(lent({ data, mark: { type: 'line', glow: { type: 'spark', dot: true } } })).toBe(true);
    expect(lent({ data, mark: { type: 'line', glow: { type: 'spark', dot: 'yes' } } })).toBe(false);
    expect(lent.errors!.some((e) => e.instancePath === '/mark/glow/dot' && e.keyword === 'type')).toBe(true);
    // Without the lending mark, a line takes no such option.
    expect(validate({ data, mark: { type: 'line', glow: { type: 'spark' } } })).toBe(false);
    const clash: ExtensionMark = { ...lending, lends: { ...lending.lends!, name: 'color' } };
    expect(() => buildExtendedSchema(base, [clash])).toThrow(/lends "color", which MarkDef has/);
  });

  it('carries an $id that specs may name in $schema', () => {
    expect(buildExtendedSchema(base, [])['$id']).toBe(CHARTSPEC_SCHEMA_ID);
    const doc = parseDocument(JSON.stringify({ $schema: CHARTSPEC_SCHEMA_ID, mark: 'bar' }));
    expect(detectLanguage(doc)).toEqual({ language: 'vega-lite', problems: [] });
  });
});

describe('schemas/chartspec.schema.json', () => {
  it('is up to date with the marks (run `npm run schema` when this fails)', () => {
    const committed = readFileSync(new URL('../../schemas/chartspec.schema.json', import.meta.url), 'utf8');
    expect(committed === extendedSchemaText()).toBe(true);
  });
});
