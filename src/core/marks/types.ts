import type { Severity } from '../problem';

import type { ExploreMeta } from '../explore';
import type { JsonObject } from '../json';
import type { MarkOptions, OptionDecls } from './shared/declare';

export type { JsonObject };

/** What an extension mark reports; `path` is a JSON pointer relative to the unit spec. */
export interface MarkReport {
  severity: Severity;
  message: string;
  path: string;
  /** The properties the problem is that they are absent (see Problem.missing). */
  missing?: string[];
}

/**
 * What an expansion is for. `page`: the app's chart view, which draws the interaction that
 * follows the pointer itself (src/render/crosshair.ts), so the spec leaves it out. `export`: a
 * file for any Vega tool (standard Vega-Lite, the Vega and HTML exports, `chartspec compile`), where
 * Vega-Lite has to draw it: the marks add it as selections and layers.
 */
export type ExpandTarget = 'page' | 'export';

export interface ExpandContext {
  /** What the expansion is for (see `ExpandTarget`). __Default value:__ `page` */
  target?: ExpandTarget;
  /** Report a recoverable problem; expansion goes on. */
  report(problem: MarkReport): void;
  /** Encoding inherited from enclosing layers (a layer's `encoding` reaches its children). */
  parentEncoding: JsonObject | undefined;
  /** The spec's top-level `config` (a mark reads its defaults from `config.<mark>`). */
  config: JsonObject | undefined;
  /** The Vega names vega-lite gives the x and y scales the unit draws on; unknown in a repeat. */
  scales?: { x: string; y: string } | undefined;
  /** The plot's width in pixels where the spec gives one (on the unit or an enclosing layer). */
  width?: number | undefined;
  /**
   * At most this many rows reach the unit, where that is known before drawing: its data is
   * inline (values, or a named dataset) and no transform on the way can add rows.
   */
  rows?: number | undefined;
  /**
   * The unit is drawn in the cells of a facet: vega-lite runs its transforms over all the rows,
   * before they are split among the cells.
   */
  faceted?: boolean;
  /**
   * Asks for a view drawn below the chart the mark belongs to, sharing its x scale (a volume
   * pane). Returns false where no view can be added (inside a facet or repeat).
   */
  addPane(pane: JsonObject): boolean;
  /**
   * A param name no other generated param of the spec has: `base`, then `base_2`, … (a mark that
   * adds a param of its own, such as the financial marks' zoom, names it with this).
   */
  paramName(base: string): string;
  /**
   * Tells what reads the expanded spec more than Vega-Lite does (the exporter): `entry` goes
   * into the spec's `usermeta[key]` list.
   */
  note(key: string, entry: JsonObject): void;
  /**
   * Declares that the unit's time axis can be explored (see core/explore.ts); the walk adds where
   * the unit is in the text and the scales it draws on. Not called where the scales are unknown.
   */
  explore(meta: Omit<ExploreMeta, 'unit' | 'markObject' | 'scales'>): void;
  /**
   * Says that `unit`, a unit of the expansion, draws the unit as written (a line with indicators:
   * its series), so the page can draw on it as on the text's own (see core/drawable.ts).
   */
  ownUnit?(unit: JsonObject): void;
}

/**
 * A composite mark: a unit spec whose `mark` names it is replaced, before vega-lite compiles,
 * by plain Vega-Lite (usually a layer). `normalize` is pure: it never mutates its input.
 */
/**
 * What a mark adds to the extended schema. Definitions are merged into Vega-Lite's; `def` names
 * the definition of the mark object (`{"type": "<name>", …options}`).
 */
export interface MarkSchema {
  definitions: Record<string, JsonObject>;
  def: string;
  /** Encoding channels the mark reads (e.g. candlestick's `open`, `high`, `low`, `close`). */
  channels?: Record<string, JsonObject>;
  /** The mark's block in `config` (e.g. `config.candlestick`). */
  config?: JsonObject;
}

export interface ExtensionMark {
  /** The mark type as written in `"mark": "<name>"` or `"mark": {"type": "<name>"}`. */
  readonly name: string;
  /** The mark's part of the extended schema. */
  readonly schema?: MarkSchema;
  /** The mark's options as declared once (schema properties, defaults, resolver follow from it). */
  readonly options?: MarkOptions<OptionDecls>;
  /** The gallery tag of examples that use the mark (marks of one family share one). __Default value:__ its name */
  readonly tag?: string;
  normalize(spec: JsonObject, ctx: ExpandContext): JsonObject;
  /**
   * Channels the mark changes for every layer beside it: called for a unit that sits in a layer,
   * with the encoding it inherits; what it returns replaces those channels in the enclosing
   * layer's encoding (e.g. a trading-day x that every layer must share).
   */
  sharedEncoding?(spec: JsonObject, inherited: JsonObject, ctx: Pick<ExpandContext, 'config'>): JsonObject | undefined;
  /**
   * An option the mark lends to Vega-Lite's own marks (the financial marks' `indicators`, on a
   * line): added to Vega-Lite's `MarkDef` in the schema, and a unit of a plain mark that sets it
   * is handed to `normalize` here instead of going to vega-lite as it is.
   */
  readonly lends?: LentOption;
}

/** An option of an extension mark that Vega-Lite's own marks take too (see `ExtensionMark.lends`). */
export interface LentOption {
  /** Its name in a mark object (`"mark": {"type": "line", "<name>": …}`). */
  readonly name: string;
  /** Its schema in `MarkDef`; it may refer to the lending mark's definitions. */
  readonly schema: JsonObject;
  /** A unit spec of a plain mark that sets the option → plain Vega-Lite without it. */
  normalize(spec: JsonObject, ctx: ExpandContext): JsonObject;
}
