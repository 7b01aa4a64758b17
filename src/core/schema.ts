import type { ExtensionMark, JsonObject } from './marks/types';

/** The extended schema's id; spec files may name it in `$schema`. */
export const CHARTSPEC_SCHEMA_ID = 'https://chartspec.dev/schema/chartspec/v1.json';

const ENCODINGS = ['Encoding', 'FacetedEncoding', 'SharedEncoding'] as const;

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function definitionsOf(schema: JsonObject): Record<string, JsonObject> {
  const defs = schema['definitions'];
  if (!defs || typeof defs !== 'object') throw new Error('the base schema has no definitions');
  return defs as Record<string, JsonObject>;
}

/**
 * Vega-Lite's schema with the extension marks merged in: each mark's definitions, its mark
 * object among `AnyMark`'s choices, its name in `ExtensionMark`, its channels in the encodings
 * and its block in `Config`. Pure; the input schema is not changed.
 */
export function buildExtendedSchema(vegaLiteSchema: JsonObject, marks: readonly ExtensionMark[]): JsonObject {
  const schema = clone(vegaLiteSchema);
  const defs = definitionsOf(schema);
  const withSchema = marks.filter((m) => m.schema);

  for (const mark of withSchema) {
    for (const [name, def] of Object.entries(mark.schema!.definitions)) {
      if (name in defs) throw new Error(`the "${mark.name}" mark redefines "${name}"`);
      defs[name] = clone(def);
    }
    if (!(mark.schema!.def in defs))
      throw new Error(`the "${mark.name}" mark names "${mark.schema!.def}" but does not define it`);
  }

  if (withSchema.length) {
    defs['ExtensionMark'] = {
      type: 'string',
      enum: withSchema.map((m) => m.name),
      description: 'Chartspec extension marks, expanded into plain Vega-Lite before compiling.',
    };
    const anyMark = defs['AnyMark'] as { anyOf: JsonObject[] };
    anyMark.anyOf.push(
      { $ref: '#/definitions/ExtensionMark' },
      ...withSchema.map((m) => ({ $ref: `#/definitions/${m.schema!.def}` })),
    );
  }

  for (const mark of withSchema) {
    for (const [channel, def] of Object.entries(mark.schema!.channels ?? {})) {
      for (const enc of ENCODINGS) {
        const props = (defs[enc] as { properties: Record<string, JsonObject> }).properties;
        if (!(channel in props)) props[channel] = clone(def);
      }
    }
    if (mark.lends) {
      // Vega-Lite's mark object is one definition for all its marks: the mark that lends the
      // option says which of them draw it (a Problem at the option for the others).
      const markDef = defs['MarkDef'] as { properties: Record<string, JsonObject> };
      if (mark.lends.name in markDef.properties)
        throw new Error(`the "${mark.name}" mark lends "${mark.lends.name}", which MarkDef has`);
      markDef.properties[mark.lends.name] = clone(mark.lends.schema);
    }
    if (mark.schema!.config) {
      const config = defs['Config'] as { properties: Record<string, JsonObject> };
      config.properties[mark.name] = clone(mark.schema!.config);
    }
  }

  return {
    $id: CHARTSPEC_SCHEMA_ID,
    title: 'Chartspec',
    description:
      'Vega-Lite v6 with Chartspec extension marks' +
      (withSchema.length ? ` (${withSchema.map((m) => m.name).join(', ')})` : '') +
      '.',
    ...schema,
  };
}
