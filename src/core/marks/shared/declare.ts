/**
 * One declaration per mark option. A mark lists its options once, with `option.*`; from that list
 * follow the resolved options' type, the defaults, the JSON Schema properties of the mark (and of
 * `config.<mark>`), and the resolver. Adding an option is adding one line here in the mark.
 */
import { isObject, type JsonObject } from '../../json';
import type { ExpandContext } from '../types';

/** One option: its default, and the schema of the values the mark accepts for it. */
export interface OptionDecl<T> {
  readonly default: T;
  /** The property's schema, without its description, default or documentation of the default. */
  readonly schema: JsonObject;
  readonly description: string;
}

/** The options of a mark: name → declaration. */
export type OptionDecls = Record<string, OptionDecl<unknown>>;

/** The resolved options a declaration list gives: every option with a value of its type. */
export type OptionsOf<D extends OptionDecls> = {
  -readonly [K in keyof D]: D[K] extends OptionDecl<infer T> ? T : never;
};

interface Common<T> {
  default: T;
  description: string;
}

/** Mark properties that style a generated part; `false` switches the part off. */
export type PartOption = boolean | JsonObject;

const decl = <T>(o: Common<T>, schema: JsonObject): OptionDecl<T> => ({
  default: o.default,
  description: o.description,
  schema,
});

/** The kinds of option a mark can declare. */
export const option = {
  number: (o: Common<number> & { minimum?: number; maximum?: number }): OptionDecl<number> =>
    decl(o, {
      type: 'number',
      ...(o.minimum !== undefined ? { minimum: o.minimum } : {}),
      ...(o.maximum !== undefined ? { maximum: o.maximum } : {}),
    }),
  boolean: (o: Common<boolean>): OptionDecl<boolean> => decl(o, { type: 'boolean' }),
  /** A CSS color; the schema says "string" as Vega-Lite's own color properties do. */
  color: (o: Common<string>): OptionDecl<string> => decl(o, { type: 'string' }),
  enum: <const V extends readonly string[]>(values: V, o: Common<V[number]>): OptionDecl<V[number]> =>
    decl(o, { enum: [...values] }),
  /**
   * A generated part, stamped `style: "<mark>-<part>"`: `false` hides it, mark properties of
   * `config` (a Vega-Lite definition such as `MarkConfig` or `BarConfig`) style it.
   */
  part: (o: Common<PartOption> & { config?: string }): OptionDecl<PartOption> =>
    decl(o, { anyOf: [{ type: 'boolean' }, { $ref: `#/definitions/${o.config ?? 'MarkConfig'}` }] }),
  /** Anything else: the schema is given as it is. */
  custom: <T>(o: Common<T> & { schema: JsonObject }): OptionDecl<T> => decl(o, o.schema),
};

/** The schema of one declared option: its own schema, its description with the default, the default. */
export function optionSchema(d: OptionDecl<unknown>): JsonObject {
  return {
    ...d.schema,
    default: d.default,
    description: `${d.description} __Default value:__ \`${JSON.stringify(d.default)}\``,
  };
}

/** A mark's options as declared: what its schema, defaults and resolver read. */
export interface MarkOptions<D extends OptionDecls> {
  readonly name: string;
  readonly declarations: D;
  readonly defaults: OptionsOf<D>;
  /** The schema properties of the declared options, in declaration order. */
  schemaProperties(): Record<string, JsonObject>;
  /**
   * The options of one mark: the mark object over `config.<mark>` over the defaults. Undeclared
   * keys pass through untouched, as the schema reports them and the mark ignores them.
   */
  resolve(spec: JsonObject, ctx: Pick<ExpandContext, 'config'>): OptionsOf<D> & JsonObject;
}

export function declareOptions<D extends OptionDecls>(name: string, declarations: D): MarkOptions<D> {
  const defaults = Object.fromEntries(Object.entries(declarations).map(([k, d]) => [k, d.default])) as OptionsOf<D>;
  return {
    name,
    declarations,
    defaults,
    schemaProperties: () => Object.fromEntries(Object.entries(declarations).map(([k, d]) => [k, optionSchema(d)])),
    resolve(spec, ctx) {
      const fromConfig = isObject(ctx.config?.[name]) ? ctx.config[name] : {};
      const fromMark = isObject(spec['mark']) ? spec['mark'] : {};
      const { type: _t, ...markOptions } = fromMark;
      const { type: _c, ...configOptions } = fromConfig;
      return { ...defaults, ...configOptions, ...markOptions } as OptionsOf<D> & JsonObject;
    },
  };
}
