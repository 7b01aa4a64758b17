import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE } from '../../../src/core/marks/annotation';
import { GAUGE_DEFAULTS } from '../../../src/core/marks/gauge-model';
import { marks } from '../../../src/core/marks/index';
import { declareOptions, option } from '../../../src/core/marks/shared/declare';
import type { ExtensionMark, JsonObject } from '../../../src/core/marks/types';

const definition = (mark: ExtensionMark, name: string): JsonObject =>
  (mark.schema!.definitions[name]!['properties'] ?? {}) as JsonObject;
const configName = (mark: ExtensionMark): string => (mark.schema!.config!['$ref'] as string).split('/').pop()!;
const documents = (prop: unknown, value: unknown): boolean =>
  typeof (prop as JsonObject)['description'] === 'string' &&
  ((prop as JsonObject)['description'] as string).includes(`__Default value:__ \`${JSON.stringify(value)}\``);

/**
 * Marks whose options are not declared yet: their hand-written schema must document the defaults
 * their code resolves with, property by property.
 */
const HAND_WRITTEN: Record<string, { def: string; defaults: Record<string, unknown> }> = {
  gauge: { def: 'GaugeDef', defaults: GAUGE_DEFAULTS },
  annotation: { def: 'AnnotationDef', defaults: DEFAULT_STYLE },
};

describe('mark options: one declaration', () => {
  it('every mark declares its options, or its hand-written schema is checked here', () => {
    for (const mark of marks)
      expect(mark.options !== undefined || HAND_WRITTEN[mark.name] !== undefined, mark.name).toBe(true);
  });

  for (const mark of marks.filter((m) => m.options)) {
    const declared = mark.options!;
    it(`${mark.name}: every declared option is in the mark's schema and its config's, with its default`, () => {
      expect(declared.name).toBe(mark.name);
      const props = definition(mark, mark.schema!.def);
      const config = definition(mark, configName(mark));
      for (const [key, d] of Object.entries(declared.declarations)) {
        for (const where of [props, config]) {
          const prop = where[key] as JsonObject;
          expect(prop, `${mark.name}.${key}`).toBeDefined();
          expect(prop['default'], `${mark.name}.${key}`).toEqual(d.default);
          expect(documents(prop, d.default), `${mark.name}.${key}`).toBe(true);
        }
      }
      // Nothing in the schema that the declaration does not have (besides the mark type).
      expect(Object.keys(props).filter((k) => k !== 'type')).toEqual(Object.keys(declared.declarations));
      expect(Object.keys(config)).toEqual(Object.keys(declared.declarations));
    });

    it(`${mark.name}: the defaults are the declaration's, and resolve to them for a bare mark`, () => {
      const fromDeclarations = Object.fromEntries(
        Object.entries(declared.declarations).map(([k, d]) => [k, d.default]),
      );
      expect(declared.defaults).toEqual(fromDeclarations);
      expect(declared.resolve({ mark: mark.name }, { config: undefined })).toEqual(fromDeclarations);
    });
  }

  for (const [name, { def, defaults }] of Object.entries(HAND_WRITTEN)) {
    it(`${name}: the hand-written schema documents each default the code resolves with`, () => {
      const mark = marks.find((m) => m.name === name)!;
      const props = definition(mark, def);
      for (const [key, value] of Object.entries(defaults)) {
        expect(props[key], `${name}.${key}`).toBeDefined();
        expect(documents(props[key], value), `${name}.${key} documents ${JSON.stringify(value)}`).toBe(true);
      }
    });
  }
});

describe('declareOptions', () => {
  const spark = declareOptions('spark', {
    size: option.number({ default: 2, minimum: 0, description: 'Dot size.' }),
    shape: option.enum(['circle', 'square'], { default: 'circle', description: 'Dot shape.' }),
    dot: option.part({ default: true, description: 'The end dot.' }),
  });

  it('resolves the mark object over config.<mark> over the defaults, ignoring `type`', () => {
    const spec = { mark: { type: 'spark', size: 5 } };
    const config = { spark: { type: 'x', size: 3, shape: 'square' } };
    expect(spark.resolve(spec, { config })).toEqual({ size: 5, shape: 'square', dot: true });
    expect(spark.resolve({ mark: 'spark' }, { config: undefined })).toEqual({ size: 2, shape: 'circle', dot: true });
  });

  it('generates schema properties with description, default and bounds', () => {
    expect(spark.schemaProperties()).toEqual({
      size: { type: 'number', minimum: 0, default: 2, description: 'Dot size. __Default value:__ `2`' },
      shape: { enum: ['circle', 'square'], default: 'circle', description: 'Dot shape. __Default value:__ `"circle"`' },
      dot: {
        anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/MarkConfig' }],
        default: true,
        description: 'The end dot. __Default value:__ `true`',
      },
    });
  });

  it('infers the resolved type from the declaration', () => {
    const o = spark.resolve({ mark: 'spark' }, { config: undefined });
    const size: number = o.size;
    const shape: 'circle' | 'square' = o.shape;
    expect([size, shape]).toEqual([2, 'circle']);
  });
});

describe('gallery tags', () => {
  it('every registered mark has a tag the gallery orders', async () => {
    const { TAG_ORDER } = await import('../../../src/core/gallery');
    for (const mark of marks) expect(TAG_ORDER as readonly string[], mark.name).toContain(mark.tag ?? mark.name);
  });
});
