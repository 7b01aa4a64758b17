/**
 * What a financial mark that zooms tells the page (core/explore.ts): the crosshair, the range to
 * open on and the range buttons, declared as options here; and the range written into the zoom
 * itself, so an exported Vega-Lite file opens on the same dates.
 */
import {
  DEFAULT_RANGE_BUTTONS,
  RANGE_PATTERN,
  type ExploreMeta,
  type PriceScale,
  type RangeToken,
  type ReplayMeta,
} from '../explore';
import { isObject, type JsonObject } from '../json';
import { option } from './shared/declare';
import type { PriceFields } from './financial-channels';
import type { ExpandContext } from './types';

/** A range as the `range` option takes it: a token, or the dates (text or milliseconds) at both ends. */
export type RangeOption = RangeToken | [string | number, string | number];

const TOKEN = { type: 'string', pattern: RANGE_PATTERN };

export const exploreOptions = {
  crosshair: option.boolean({
    default: true,
    description:
      "A crosshair follows the pointer, with price and date tags on the axes and a readout of the bar's open, " +
      'high, low, close, change and volume; `false` turns it off. With `zoom` on.',
  }),
  range: option.custom<RangeOption>({
    default: 'All',
    schema: {
      anyOf: [
        { ...TOKEN, description: 'A span back from the last bar: `6M`, `1Y`, `2W`, `10D`, `YTD` or `All`.' },
        {
          type: 'array',
          minItems: 2,
          maxItems: 2,
          items: { type: ['string', 'number'] },
          description: 'The first and last dates in view, as text (`"2024-01-02"`) or milliseconds.',
        },
      ],
    },
    description:
      'The range the chart opens on: a span back from the last bar (`6M`, `1Y`, `2W`, `10D`; `YTD` from the ' +
      'first of January; `All`), or `[start, end]` dates, which the exported Vega-Lite opens on too. With `zoom` on.',
  }),
  rangeButtons: option.custom<boolean | RangeToken[]>({
    default: true,
    schema: { anyOf: [{ type: 'boolean' }, { type: 'array', items: TOKEN }] },
    description:
      `Buttons that show a range back from the last bar: \`true\` shows ${DEFAULT_RANGE_BUTTONS.join(', ')}; ` +
      '`false` none; or a list of spans (`["1W", "1M", "All"]`). On a time x with `zoom` on.',
  }),
  replay: option.custom<ReplayOption>({
    default: false,
    schema: {
      anyOf: [
        { type: 'boolean' },
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: {
              type: ['string', 'number'],
              description:
                'The last bar shown before the replay starts: the last at or before this date (text or ' +
                'milliseconds). __Default value:__ the middle of the series',
            },
            speed: {
              type: 'number',
              exclusiveMinimum: 0,
              maximum: 60,
              description: 'Bars added a second. __Default value:__ `2`',
            },
          },
        },
      ],
    },
    description:
      'Replays the series bar by bar, as if the bars arrived live: the chart opens on the bars up to `from` and ' +
      'adds the next ones one at a time, the view following the newest; buttons above the chart pause, play and ' +
      'start again. `true` replays the second half. With `zoom` on.',
  }),
  navigator: option.boolean({
    default: true,
    description:
      'The navigator under the chart: the whole series, small, with a window on the range in view that a drag ' +
      'moves and its edges resize; `false` leaves it out. With `zoom` on.',
  }),
};

/** A replay as the `replay` option takes it. */
export type ReplayOption = boolean | { from?: string | number; speed?: number };

/** The base of the name of the param that counts a replay's bars shown. */
export const REPLAY_PARAM = 'chartspec_replay';

/**
 * The replay a mark asks for, with the name of its param; a `from` that does not read is
 * reported, and the replay starts from the middle.
 */
export function replayOf(option: ReplayOption, temporal: boolean, ctx: ExpandContext): ReplayMeta | undefined {
  if (option !== true && !isObject(option)) return undefined;
  const o: JsonObject = isObject(option) ? option : {};
  const speed = typeof o['speed'] === 'number' && o['speed'] > 0 && o['speed'] <= 60 ? o['speed'] : 2;
  const written = o['from'];
  let from: number | undefined;
  if (typeof written === 'number') from = written;
  else if (typeof written === 'string') {
    const t = temporal ? Date.parse(written) : Number(written);
    if (Number.isFinite(t)) from = t;
    else
      ctx.report({
        severity: 'warning',
        message: `The replay's start "${written}" is not a ${temporal ? 'date' : 'number'}: it starts from the middle`,
        path: '/mark/replay/from',
      });
  }
  return { param: ctx.paramName(REPLAY_PARAM), speed, ...(from !== undefined ? { from } : {}) };
}

/** The resolved options this file reads. */
interface ExploreOptions {
  crosshair: boolean;
  navigator: boolean;
  priceScale: PriceScale;
  range: RangeOption;
  rangeButtons: boolean | RangeToken[];
}

/**
 * A `[start, end]` range as the zoom's initial value (milliseconds: Vega-Lite passes text on as
 * text, which a time scale cannot read). A date that does not parse is reported, and the chart
 * opens on everything.
 */
export function zoomValue(range: RangeOption, temporal: boolean, ctx: ExpandContext): JsonObject | undefined {
  // A range of another shape is the schema's to report.
  if (!Array.isArray(range) || range.length !== 2 || !range.every(isEnd)) return undefined;
  const ends = range.map((v) => (typeof v === 'number' ? v : temporal ? Date.parse(v) : Number(v)));
  const bad = ends.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    ctx.report({
      severity: 'warning',
      message: `The range's ${bad ? 'end' : 'start'} "${String(range[bad])}" is not a ${temporal ? 'date' : 'number'}: the chart opens on the whole range`,
      path: `/mark/range/${bad}`,
    });
    return undefined;
  }
  return { x: ends };
}

/**
 * The params with the zoom's initial value set, unless the param has one of its own. Vega-Lite
 * 6 honours it only where the mark is the whole spec: in a view nested deeper (above a volume
 * pane, in a layer) it drops the value of an interval bound to the scales (its scale bindings
 * delete it), so only the page, which reads the range from the explore meta, opens there.
 */
export function withZoomValue(params: unknown, zoom: string, value: JsonObject | undefined): unknown {
  if (!value || !Array.isArray(params)) return params;
  return params.map((p) => (isObject(p) && p['name'] === zoom && p['value'] === undefined ? { ...p, value } : p));
}

const TOKEN_RE = new RegExp(RANGE_PATTERN);
const isToken = (v: unknown): v is RangeToken => typeof v === 'string' && TOKEN_RE.test(v);
const isEnd = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Declares the unit explorable (see core/explore.ts), with the raw fields the readout reads. */
export function declareExplore(
  ctx: ExpandContext,
  mark: string,
  zoom: string,
  more: Pick<ExploreMeta, 'key' | 'replay'>,
  x: JsonObject,
  fields: PriceFields,
  volume: string | undefined,
  options: ExploreOptions,
): void {
  const temporal = x['type'] === 'temporal';
  // Values the schema refuses (it reports them) are not passed on to the page.
  const buttons = !temporal
    ? []
    : options.rangeButtons === true
      ? [...DEFAULT_RANGE_BUTTONS]
      : Array.isArray(options.rangeButtons)
        ? options.rangeButtons.filter(isToken)
        : [];
  const range = options.range;
  const written = isToken(range) || (Array.isArray(range) && range.length === 2 && range.every(isEnd));
  ctx.explore({
    mark,
    zoom,
    ...(more.key !== undefined ? { key: more.key } : {}),
    ...(more.replay ? { replay: more.replay } : {}),
    fields: {
      x: x['field'] as string,
      temporal,
      open: fields.open,
      high: fields.high,
      low: fields.low,
      close: fields.close,
      ...(volume !== undefined ? { volume } : {}),
    },
    crosshair: options.crosshair !== false,
    navigator: options.navigator !== false,
    priceScale: options.priceScale,
    // `All` is what a chart opens on without a range.
    ...(written && range !== 'All' ? { range } : {}),
    buttons,
  });
}
