import { describe, expect, it } from 'vitest';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { createAjvValidator } from '../../src/core/ajv';
import { marks } from '../../src/core/marks/index';
import type { JsonObject } from '../../src/core/marks/types';
import { runPipeline } from '../../src/core/pipeline';
import { buildReference, formatSpec, matchesReference, type ReferenceOption } from '../../src/core/reference';
import { buildExtendedSchema } from '../../src/core/schema';

/** The schema the validator and the editor read. */
const schema = buildExtendedSchema(vegaLiteSchema as unknown as JsonObject, marks);
const definitions = schema['definitions'] as Record<string, JsonObject>;
const propsOf = (def: string) => definitions[def]!['properties'] as Record<string, JsonObject>;
const reference = buildReference();
const markRef = (name: string) => reference.marks.find((m) => m.name === name)!;

/** A definition of the extension marks (not one of Vega-Lite's). */
const extensionDefs = new Set(marks.flatMap((m) => Object.keys(m.schema?.definitions ?? {})));
const refName = (s: JsonObject) =>
  typeof s['$ref'] === 'string' ? s['$ref'].replace('#/definitions/', '') : undefined;
/** Vega-Lite's own mark properties, referenced by the gauge's parts: documented by Vega-Lite. */
const isVegaLiteProperty = (s: JsonObject) => (refName(s) ?? '').includes('/properties/');
/** The description a property shows in the editor: its own, or the one of the definition it references. */
const descriptionOf = (s: JsonObject): string => {
  const own = s['description'];
  if (typeof own === 'string') return own;
  const name = refName(s);
  const def = name !== undefined && extensionDefs.has(name) ? definitions[name] : undefined;
  return typeof def?.['description'] === 'string' ? def['description'] : '';
};
const documentsDefault = (s: JsonObject) => 'default' in s || /__Default value:__ \S/.test(descriptionOf(s));

describe('the Chartspec schema documents every extension option', () => {
  it('every property of every extension definition, and every channel, has a description', () => {
    const missing: string[] = [];
    for (const def of extensionDefs) {
      for (const [key, prop] of Object.entries((definitions[def]!['properties'] ?? {}) as Record<string, JsonObject>))
        if (!isVegaLiteProperty(prop) && descriptionOf(prop).trim().length < 8) missing.push(`${def}.${key}`);
    }
    for (const m of marks)
      for (const [channel, s] of Object.entries(m.schema?.channels ?? {}))
        if (descriptionOf(s).trim().length < 8) missing.push(`${m.name} channel ${channel}`);
    expect(missing).toEqual([]);
    // The check can fail: a bare property is caught.
    expect(descriptionOf({ type: 'number' })).toBe('');
  });

  it("every option of a mark says its default (the schema's `default`, or __Default value:__ in its text)", () => {
    const missing: string[] = [];
    for (const m of marks) {
      const props = propsOf(m.schema!.def);
      for (const [key, prop] of Object.entries(props))
        if (key !== 'type' && !documentsDefault(prop)) missing.push(`${m.name}.${key}`);
    }
    expect(missing).toEqual([]);
  });

  it('the declared options carry their default as the schema keyword completion inserts', () => {
    expect(propsOf('CandlestickDef')['hollow']).toMatchObject({ type: 'boolean', default: false });
    expect(propsOf('OhlcDef')['band']).toMatchObject({ default: 0.7 });
  });

  it('annotation kinds and gauge shapes have a description per value, for completion and hover', () => {
    const withValues = [
      propsOf('AnnotationDef')['kind']!,
      propsOf('GaugeDef')['shape']!,
      propsOf('GaugeDef')['orient']!,
    ];
    for (const s of withValues) {
      const values = s['enum'] as string[];
      const docs = s['markdownEnumDescriptions'] as string[];
      expect(docs).toHaveLength(values.length);
      for (const d of docs) expect(d.length).toBeGreaterThan(10);
    }
    // An item's kind is a const in its own branch: its description is the kind's.
    const fib = propsOf('AnnotationFibonacci')['kind']!;
    expect(fib['const']).toBe('fibonacci');
    expect(fib['description']).toContain('Fibonacci retracement');
    // The data-driven kind says what each value draws, in the kind's own words.
    const kind = propsOf('AnnotationDef')['kind']!;
    const level = (kind['enum'] as string[]).indexOf('level');
    expect((kind['markdownEnumDescriptions'] as string[])[level]).toBe(definitions['AnnotationLevel']!['description']);
  });
});

describe('the reference, generated from the schema', () => {
  it('has every extension mark, in the registry order', () => {
    expect(reference.marks.map((m) => m.name)).toEqual(marks.map((m) => m.name));
  });

  it("lists every option of each mark, in the schema's order, with the schema's description and type", () => {
    for (const m of marks) {
      const props = propsOf(m.schema!.def);
      const ref = markRef(m.name);
      expect(
        ref.options.map((o) => o.name),
        m.name,
      ).toEqual(Object.keys(props).filter((k) => k !== 'type'));
      for (const o of ref.options) {
        expect(o.description.length, `${m.name}.${o.name}`).toBeGreaterThan(5);
        expect(descriptionOf(props[o.name]!).startsWith(o.description), `${m.name}.${o.name}`).toBe(true);
        expect(o.type, `${m.name}.${o.name}`).not.toBe('any');
        expect(o.default, `${m.name}.${o.name}`).toBeDefined();
      }
      expect(ref.channels.map((c) => c.name)).toEqual(Object.keys(m.schema!.channels ?? {}));
    }
  });

  it('reads types, ranges, defaults and values as the schema gives them', () => {
    const option = (mark: string, name: string) => markRef(mark).options.find((o) => o.name === name)!;
    expect(option('candlestick', 'band')).toMatchObject({ type: 'number (0–1)', default: '`0.7`' });
    expect(option('candlestick', 'wick')).toMatchObject({ type: 'boolean | mark properties', default: '`true`' });
    expect(option('gauge', 'shape').values).toEqual([
      { value: '"radial"', description: expect.stringContaining('arc') },
      { value: '"linear"', description: expect.stringContaining('bullet') },
    ]);
    expect(option('gauge', 'min')).toMatchObject({ type: 'number', default: '`0`' });
    // An object option lists its own properties, not Vega-Lite's mark properties.
    expect(option('gauge', 'ticks').options!.map((o) => o.name)).toEqual([
      'count',
      'step',
      'minor',
      'format',
      'minorStyle',
    ]);
    expect(option('annotation', 'items').type).toBe('item[]');
    expect(option('annotation', 'items').options).toBeUndefined();
  });

  it('has every annotation kind of the schema, each with its own options', () => {
    const branches = (definitions['AnnotationItem']!['anyOf'] as JsonObject[]).map((b) => refName(b)!);
    const annotation = markRef('annotation');
    expect(annotation.entries.map((e) => e.name)).toEqual(
      branches.map((b) => (propsOf(b)['kind']!['const'] as string) ?? b),
    );
    expect(annotation.entries.length).toBeGreaterThanOrEqual(15);
    const markOptions = new Set(annotation.options.map((o) => o.name));
    for (const [i, entry] of annotation.entries.entries()) {
      expect(entry.description).toBe(definitions[branches[i]!]!['description']);
      // Each property of the kind is listed with the kind, or once under the mark (style, label).
      for (const key of Object.keys(propsOf(branches[i]!)))
        expect(
          key === 'kind' || entry.options.some((o) => o.name === key) || markOptions.has(key),
          `${entry.name}.${key}`,
        ).toBe(true);
    }
    const fib = annotation.entries.find((e) => e.name === 'fibonacci')!;
    expect(fib.options.map((o) => o.name)).toEqual(['points', 'levels', 'colors', 'extend', 'price']);
    expect(fib.options[0]).toMatchObject({ required: true, type: 'object[]' });
  });

  it('has gauge styles made of options the gauge has, both shapes among them', () => {
    const gauge = markRef('gauge');
    expect(gauge.entries.length).toBeGreaterThanOrEqual(5);
    const names = new Set(gauge.options.map((o) => o.name));
    const shapes = new Set<string>();
    for (const style of gauge.entries) {
      expect(style.description.length).toBeGreaterThan(10);
      const mark = (JSON.parse(style.example.text) as { mark: JsonObject }).mark;
      shapes.add(String(mark['shape'] ?? 'radial'));
      for (const key of Object.keys(mark)) expect(key === 'type' || names.has(key), `${style.name}.${key}`).toBe(true);
      expect(style.options.map((o) => o.name).sort()).toEqual(
        Object.keys(mark)
          .filter((k) => k !== 'type')
          .sort(),
      );
    }
    expect([...shapes].sort()).toEqual(['linear', 'radial']);
  });

  describe('every example', () => {
    const validator = createAjvValidator();
    const examples = reference.marks.flatMap((m) => [
      { id: m.id, example: m.example },
      ...m.entries.map((e) => ({ id: e.id, example: e.example })),
    ]);

    it('has an id and a file name of its own', () => {
      expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
      expect(new Set(examples.map((e) => e.example.fileName)).size).toBe(examples.length);
    });

    it.each(examples)('$id: valid against the schema, no problem at all, compiles', ({ example }) => {
      const r = runPipeline(example.text, { validator });
      expect(r.problems).toEqual([]);
      expect(r.vega).toBeDefined();
    });

    it('draws the kind it documents', () => {
      for (const e of markRef('annotation').entries) {
        const spec = JSON.parse(e.example.text) as { layer: { mark: { items?: { kind: string }[] } }[] };
        expect(spec.layer[1]!.mark.items![0]!.kind).toBe(e.name);
      }
    });
  });
});

describe('formatSpec', () => {
  it('writes JSON that reads back the same, short parts on one line', () => {
    const value = { a: [1, 2], b: { c: 'x, y: z', d: null }, e: Array.from({ length: 30 }, (_, i) => ({ i })) };
    const text = formatSpec(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('"a": [1, 2]');
    expect(text).toContain('"b": {"c": "x, y: z", "d": null}');
    expect(text.split('\n').length).toBeGreaterThan(30);
  });
});

describe('matchesReference', () => {
  it('needs every word', () => {
    const option: ReferenceOption = { name: 'needle', type: 'boolean', description: 'A needle pointing at the value.' };
    const text = `${option.name} ${option.description}`.toLowerCase();
    expect(matchesReference(text, 'NEEDLE value')).toBe(true);
    expect(matchesReference(text, 'needle ticks')).toBe(false);
    expect(matchesReference(text, '  ')).toBe(true);
  });
});
