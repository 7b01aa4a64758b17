/**
 * The reference of the extension marks, read from the same schema definitions the validator
 * and the editor's completion use (each mark's `schema` in the registry): every mark with its
 * options (type, description, default), its channels, and every annotation kind and gauge
 * style, each with a small spec that can be opened in the editor. A plain model: the help
 * panel draws it, tests check it against the schema.
 */
import { isObject, type JsonObject } from './json';
import { marks as registry } from './marks/index';
import type { ExtensionMark } from './marks/types';
import { annotated, example, financial, gaugeSpec, GAUGE_STYLES, KIND_ITEMS } from './reference-examples';

export { formatSpec } from './reference-examples';

/** One value of an enumerated option, with what it does when the schema says so. */
export interface ReferenceValue {
  value: string;
  description: string;
}

export interface ReferenceOption {
  name: string;
  /** The accepted values, in short: `number (0–1)`, `boolean | mark properties`, `"left" | "right"`. */
  type: string;
  /** Markdown (`code` spans), without the default. */
  description: string;
  /** What holds when the option is left out, as the schema documents it (markdown). */
  default?: string;
  required?: boolean;
  /** The values of an enumerated option, each with its description. */
  values?: ReferenceValue[];
  /** The properties of an object the option takes (its own, not Vega-Lite's mark properties). */
  options?: ReferenceOption[];
}

export interface ReferenceExample {
  /** What the editor opens: a whole spec, formatted as the examples are. */
  text: string;
  /** A file name for the opened text. */
  fileName: string;
}

/** An annotation kind or a gauge style. */
export interface ReferenceEntry {
  /** Unique in the reference: `annotation-level`, `gauge-speedometer`. */
  id: string;
  name: string;
  description: string;
  /** The options that belong to this kind (or make this style). */
  options: ReferenceOption[];
  example: ReferenceExample;
}

export interface ReferenceMark {
  id: string;
  name: string;
  description: string;
  options: ReferenceOption[];
  /** Encoding channels the mark adds to Vega-Lite's. */
  channels: ReferenceOption[];
  example: ReferenceExample;
  /** `Kinds` (annotation), `Styles` (gauge), or none. */
  entriesTitle?: string;
  entries: ReferenceEntry[];
}

export interface Reference {
  marks: ReferenceMark[];
}

// ---------------------------------------------------------------------------------------------
// Reading the schema

const REF = '#/definitions/';

/** What Vega-Lite's definitions that the marks reference are called in the reference. */
const VEGA_LITE_NAMES: Record<string, string> = {
  MarkConfig: 'mark properties',
  BarConfig: 'bar properties',
  Color: 'color',
  RepeatRef: 'repeat reference',
  FontWeight: 'font weight',
  Align: '"left" | "center" | "right"',
  TextBaseline: 'baseline',
};

/** A definition name from a `$ref`, or undefined. */
function refName(schema: JsonObject): string | undefined {
  const ref = schema['$ref'];
  return typeof ref === 'string' && ref.startsWith(REF) ? ref.slice(REF.length) : undefined;
}

/** A Vega-Lite mark property referenced by a gauge part (`MarkConfig/properties/<key>`): not the mark's own. */
const isVegaLiteProperty = (schema: JsonObject) => (refName(schema) ?? '').includes('/properties/');

const DEFAULT_MARK = '__Default value:__';

/** A description split into its text and its documented default. */
function splitDescription(text: string): { description: string; default?: string } {
  const at = text.indexOf(DEFAULT_MARK);
  if (at < 0) return { description: text.trim() };
  const description = text.slice(0, at).trim();
  const rest = text.slice(at + DEFAULT_MARK.length).trim();
  return rest ? { description, default: rest } : { description };
}

class SchemaReader {
  constructor(private readonly defs: Record<string, JsonObject>) {}

  def(name: string): JsonObject | undefined {
    return this.defs[name];
  }

  /** The schema a `$ref` to one of the marks' own definitions names, else the schema itself. */
  resolved(schema: JsonObject): JsonObject {
    const name = refName(schema);
    const def = name !== undefined ? this.defs[name] : undefined;
    return def ?? schema;
  }

  type(schema: JsonObject, depth = 0): string {
    if (depth > 4) return 'object';
    if ('const' in schema) return JSON.stringify(schema['const']);
    if (Array.isArray(schema['enum'])) return schema['enum'].map((v) => JSON.stringify(v)).join(' | ');
    const name = refName(schema);
    if (name !== undefined) {
      const own = this.defs[name];
      if (/Field(Def|Ref)$/.test(name)) return 'field';
      if (name === 'AnnotationItem') return 'item';
      if (own && isObject(own['properties'])) {
        // A part's style: nothing but Vega-Lite's mark properties.
        const props = Object.values(own['properties']).filter(isObject);
        return props.every(isVegaLiteProperty) ? 'mark properties' : 'object';
      }
      if (own) return this.type(own, depth + 1);
      return VEGA_LITE_NAMES[name] ?? name;
    }
    if (Array.isArray(schema['anyOf'])) {
      const parts = schema['anyOf'].filter(isObject).flatMap((s) => this.type(s, depth + 1).split(' | '));
      return [...new Set(parts)].join(' | ');
    }
    const type = schema['type'];
    if (Array.isArray(type)) return type.join(' | ');
    if (type === 'array') {
      const item = isObject(schema['items']) ? this.type(schema['items'], depth + 1) : 'any';
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    if (type === 'number' || type === 'integer') return `${String(type)}${range(schema)}`;
    if (typeof type === 'string') return type;
    return 'any';
  }

  /** The enumerated values of an option (directly or through a definition), with their descriptions. */
  values(schema: JsonObject): ReferenceValue[] | undefined {
    const s = this.resolved(schema);
    const values = s['enum'];
    if (!Array.isArray(values)) return undefined;
    const docs = Array.isArray(s['markdownEnumDescriptions']) ? s['markdownEnumDescriptions'] : [];
    return values.map((v, i) => ({
      value: JSON.stringify(v),
      description: typeof docs[i] === 'string' ? docs[i] : '',
    }));
  }

  /** The object definitions of the marks' own that an option takes (directly or as one choice). */
  private objects(schema: JsonObject, depth = 0): JsonObject[] {
    if (depth > 3) return [];
    const name = refName(schema);
    // Annotation items are listed kind by kind, not under `items`.
    if (name === 'AnnotationItem') return [];
    const s = name !== undefined ? this.defs[name] : schema;
    if (!s) return [];
    if (isObject(s['properties'])) return [s];
    if (Array.isArray(s['anyOf'])) return s['anyOf'].filter(isObject).flatMap((c) => this.objects(c, depth + 1));
    if (isObject(s['items'])) return this.objects(s['items'], depth + 1);
    return [];
  }

  option(name: string, schema: JsonObject, required: readonly string[], nested: boolean): ReferenceOption {
    // The option's own description wins over the one of the definition it references.
    const text = String(schema['description'] ?? this.resolved(schema)['description'] ?? '');
    const { description, default: documented } = splitDescription(text);
    const option: ReferenceOption = { name, type: this.type(schema), description };
    if ('default' in schema) option.default = '`' + JSON.stringify(schema['default']) + '`';
    else if (documented !== undefined) option.default = documented;
    else {
      const ofDef = splitDescription(String(this.resolved(schema)['description'] ?? '')).default;
      if (ofDef !== undefined) option.default = ofDef;
    }
    if (required.includes(name)) option.required = true;
    const values = this.values(schema);
    if (values) option.values = values;
    if (nested) {
      const children = this.objects(schema).flatMap((o) => this.options(o, { nested: false }));
      const unique = children.filter((c, i) => children.findIndex((o) => o.name === c.name) === i);
      if (unique.length) option.options = unique;
    }
    return option;
  }

  /** The properties of an object definition as options, Vega-Lite's mark properties left out. */
  options(def: JsonObject, how: { nested: boolean; skip?: readonly string[] }): ReferenceOption[] {
    const props = isObject(def['properties']) ? def['properties'] : {};
    const required = Array.isArray(def['required']) ? (def['required'] as string[]) : [];
    return Object.entries(props)
      .filter(([k, p]) => isObject(p) && !isVegaLiteProperty(p) && !(how.skip ?? []).includes(k))
      .map(([k, p]) => this.option(k, p as JsonObject, required, how.nested));
  }
}

function range(schema: JsonObject): string {
  const min = schema['minimum'] ?? schema['exclusiveMinimum'];
  const max = schema['maximum'] ?? schema['exclusiveMaximum'];
  if (typeof min === 'number' && typeof max === 'number') return ` (${min}–${max})`;
  if (typeof min === 'number') return ` (≥ ${min})`;
  if (typeof max === 'number') return ` (≤ ${max})`;
  return '';
}

// ---------------------------------------------------------------------------------------------
// The reference

const MARK_EXAMPLES: Record<string, (name: string) => JsonObject> = {
  candlestick: () => financial('Candlesticks', { type: 'candlestick' }),
  ohlc: () => financial('OHLC bars', { type: 'ohlc' }),
  annotation: () => annotated('A level line', KIND_ITEMS['level']!),
  gauge: () => gaugeSpec('A gauge', { max: 100 }),
};

/** The reference of the registered extension marks, read from their schema definitions. */
export function buildReference(marks: readonly ExtensionMark[] = registry): Reference {
  const defs: Record<string, JsonObject> = {};
  for (const m of marks) Object.assign(defs, m.schema?.definitions ?? {});
  const reader = new SchemaReader(defs);
  const out: ReferenceMark[] = [];
  for (const m of marks) {
    if (!m.schema) continue;
    const def = reader.def(m.schema.def)!;
    const channels = Object.entries(m.schema.channels ?? {}).map(([k, s]) => reader.option(k, s, [], false));
    const makeExample = MARK_EXAMPLES[m.name] ?? (() => ({ mark: m.name }));
    const mark: ReferenceMark = {
      id: m.name,
      name: m.name,
      description: splitDescription(String(def['description'] ?? '')).description,
      options: reader.options(def, { nested: true, skip: ['type'] }),
      channels,
      example: example(m.name, makeExample(m.name)),
      entries: [],
    };
    if (m.name === 'annotation') {
      mark.entriesTitle = 'Kinds';
      mark.entries = annotationKinds(reader, defs);
    } else if (m.name === 'gauge') {
      mark.entriesTitle = 'Styles';
      mark.entries = gaugeStyles(mark.options);
    }
    out.push(mark);
  }
  return { marks: out };
}

/** Options every annotation item takes, documented once under the mark. */
const COMMON_ITEM_KEYS = ['kind', 'label', 'color', 'strokeWidth', 'strokeDash', 'opacity', 'fillOpacity', 'arrowSize'];

function annotationKinds(reader: SchemaReader, defs: Record<string, JsonObject>): ReferenceEntry[] {
  const item = defs['AnnotationItem'];
  const branches = Array.isArray(item?.['anyOf']) ? item['anyOf'].filter(isObject) : [];
  return branches.flatMap((b) => {
    const def = reader.resolved(b);
    const props = isObject(def['properties']) ? def['properties'] : {};
    const kind = isObject(props['kind']) ? props['kind']['const'] : undefined;
    if (typeof kind !== 'string') return [];
    const id = `annotation-${kind}`;
    const title = `The ${kind} annotation`;
    return [
      {
        id,
        name: kind,
        description: splitDescription(String(def['description'] ?? '')).description,
        options: reader.options(def, { nested: false, skip: [...COMMON_ITEM_KEYS, 'format'] }),
        example: example(id, annotated(title, KIND_ITEMS[kind] ?? { kind })),
      },
    ];
  });
}

function gaugeStyles(options: ReferenceOption[]): ReferenceEntry[] {
  return GAUGE_STYLES.map((style) => {
    const id = `gauge-${style.name}`;
    const used = options.filter((o) => o.name in style.options);
    return {
      id,
      name: style.name,
      description: style.description,
      options: used,
      example: example(id, gaugeSpec(`A ${style.name} gauge`, style.options, style.value, style.size)),
    };
  });
}

/** Every entry of the reference with the text a search reads, for the panel's filter. */
export function searchText(parts: readonly (string | undefined)[]): string {
  return parts.filter(Boolean).join(' ').toLowerCase();
}

/** Does a mark, option or entry match a query? Every word must occur somewhere. */
export function matchesReference(text: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => text.includes(w));
}
