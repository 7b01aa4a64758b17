import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { DEFAULT_STYLE } from '../../../src/core/marks/annotation';
import { GAUGE_DEFAULTS } from '../../../src/core/marks/gauge-model';
import { marks } from '../../../src/core/marks/index';
import type { JsonObject } from '../../../src/core/marks/types';
import { buildExtendedSchema } from '../../../src/core/schema';

/**
 * The gauge and the annotation still write their schema by hand, beside their TypeScript types
 * and a defaults object. Their types type the defaults (the objects are checked by `tsc`); here
 * the schema is checked against the defaults, both ways: each default is a value the schema
 * accepts for that property, and each default the schema documents is the one the code uses.
 */
const schema = buildExtendedSchema(vegaLiteSchema as unknown as JsonObject, marks);
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
ajv.addSchema(schema, 'chartspec');
const definitions = schema['definitions'] as Record<string, JsonObject>;

const CASES = [
  { mark: 'gauge', def: 'GaugeDef', defaults: GAUGE_DEFAULTS as Record<string, unknown> },
  { mark: 'annotation', def: 'AnnotationDef', defaults: DEFAULT_STYLE as Record<string, unknown> },
];

/** The default a property's description documents (`__Default value:__ \`…\``), if any. */
function documented(prop: JsonObject): unknown {
  const m = /__Default value:__ `([^`]*)`/.exec(String(prop['description'] ?? ''));
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]!);
  } catch {
    return m[1];
  }
}

describe('hand-written mark schemas agree with the defaults the code resolves with', () => {
  for (const { mark, def, defaults } of CASES) {
    const validate = ajv.getSchema(`chartspec#/definitions/${def}`)!;
    const props = definitions[def]!['properties'] as Record<string, JsonObject>;

    it(`${mark}: each default is a value its property accepts`, () => {
      for (const [key, value] of Object.entries(defaults)) {
        const ok = validate({ type: mark, [key]: value });
        expect(ok, `${mark}.${key} = ${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      // And the check can fail: a value of the wrong type is refused.
      const [key, value] = Object.entries(defaults).find(([, v]) => typeof v !== 'object')!;
      expect(validate({ type: mark, [key]: typeof value === 'string' ? 42 : 'not a number' })).toBe(false);
    });

    it(`${mark}: each default its schema documents is the code's`, () => {
      const withDefaults = Object.entries(props).filter(([k, p]) => k in defaults && documented(p) !== undefined);
      expect(withDefaults.length).toBeGreaterThan(3);
      for (const [key, prop] of withDefaults) expect(documented(prop), `${mark}.${key}`).toEqual(defaults[key]);
    });
  }
});
