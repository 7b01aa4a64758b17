/**
 * The last price: a dashed line across the plot at the close of the last bar of the whole series,
 * in that bar's direction color, and a tag with the price on the price axis (as trading charts
 * show it). Plain Vega-Lite layers placed in pixels from the y scale, so the line neither widens
 * the price axis nor leaves it: it follows the axis as it zooms, and hides when out of view.
 */
import { isObject, type JsonObject } from '../json';
import { directionColor, type PriceFields } from './financial-channels';
import { option } from './shared/declare';
import { FIRST_BAR } from './financial-price';

export const lastPriceOptions = {
  lastPrice: option.boolean({
    default: true,
    description:
      "A dashed line across the plot at the last bar's close, in its direction color, with the price in a tag on " +
      'the price axis. It stays at its price when zoomed, and hides when that price is out of view.',
  }),
};

/** Where the last bar of the whole series is, once `lastBarTransform` ran. */
export const LAST_BAR = '__last_bar';

/**
 * Every row gets the last bar of the series, before anything cuts the series to the zoomed range
 * (the level of detail, the view filter): the line stays at the last price wherever the view is.
 */
export function lastBarTransform(time: string): JsonObject {
  return { joinaggregate: [{ op: 'argmax', field: time, as: LAST_BAR }], groupby: [] };
}

/** Height of the tag, and the width of a character of its text (the axis labels' size). */
const TAG_HEIGHT = 16;
const CHAR_WIDTH = 6;
const FONT_SIZE = 10;

export interface LastPriceSetup {
  mark: string;
  fields: PriceFields;
  /** The field that orders the bars (`__t`, or the x field on a discrete x). */
  time: string;
  /** Drawn as the change from the first bar in view (`priceScale: "percent"`). */
  percent: boolean;
  side: 'left' | 'right';
  /** The y the price parts share (its axis format is the tag's). */
  y: JsonObject;
  /** The Vega names of the unit's scales. */
  scales: { x: string; y: string };
  colors: { rising: string; falling: string; unchanged: string };
}

/**
 * The tag's text color: white, as trading charts write on their green and red tags, unless the
 * tag's color is so light that white would fade into it (a `#rgb` or `#rrggbb` color; white on
 * anything else, such as a color name).
 */
export function textOn(color: string): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return '#ffffff';
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  // WCAG's relative luminance: the default colors are near 0.25, the pastels of dark themes near 0.5.
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.4 ? '#111827' : '#ffffff';
}

/** Room the tag takes beside the axis: a price of up to eight characters (`12,345.67`). */
const TAG_ROOM = 8 * CHAR_WIDTH + 8;

/**
 * The price axis with room for the tag: its title is placed past the tag, not under it (the tag
 * is wider than the labels where they are whole numbers and the price has cents). The spec's
 * own `minExtent` wins; without a title there is nothing to make room for.
 */
export function withTagRoom(y: JsonObject): JsonObject {
  if (y['axis'] === null || y['title'] === null) return y;
  const axis = isObject(y['axis']) ? y['axis'] : {};
  if (axis['title'] === null) return y;
  return { ...y, axis: { minExtent: TAG_ROOM, ...axis } };
}

/** The line and the tag: one layer reading the last bar off any row in view. */
export function lastPriceLayer(s: LastPriceSetup): JsonObject {
  const Y = JSON.stringify(s.scales.y);
  const X = JSON.stringify(s.scales.x);
  const bar = (field: string) => `datum.${LAST_BAR}[${JSON.stringify(field)}]`;
  const axis = isObject(s.y['axis']) ? s.y['axis'] : {};
  const format = typeof axis['format'] === 'string' ? axis['format'] : s.percent ? '+.2%' : ',.2f';
  // The pixel row of the price, kept inside the plot so that a price out of view (hidden) does
  // not push the chart's bounds out.
  const at = `clamp(scale(${Y}, datum.__last_y), min(range(${Y})[0], range(${Y})[1]), max(range(${Y})[0], range(${Y})[1]))`;
  const shown = { value: { expr: `inrange(scale(${Y}, datum.__last_y), range(${Y})) ? 1 : 0` } };
  const width = `(length(datum.__last_label) * ${CHAR_WIDTH} + 8)`;
  const edge = s.side === 'left' ? '0' : `range(${X})[1]`;
  const px = (expr: string) => ({ value: { expr } });
  const color = directionColor({ ...s.fields, open: '__last_open', close: '__last_close' }, s.colors);
  const style = (part: string) => ({ style: `${s.mark}-${part}`, aria: false });
  // The tag sits on the axis, outside the plot, which Vega-Lite clips when the x zooms.
  const outside = { clip: false };
  return {
    transform: [
      // One row: any would do, as each carries the same last bar; the last in view it is. A
      // window, not an aggregate, so that in a facet each cell keeps its own (Vega-Lite adds the
      // facet fields to a window's explicit groupby, not to an aggregate's).
      {
        window: [{ op: 'row_number', as: '__lp_row' }],
        sort: [{ field: s.time, order: 'descending' }],
        groupby: [],
      },
      { filter: 'datum.__lp_row === 1' },
      { calculate: bar(s.fields.close), as: '__last_close' },
      { calculate: bar(s.fields.open), as: '__last_open' },
      {
        calculate: s.percent
          ? `datum.${FIRST_BAR}[${JSON.stringify(s.fields.close)}] ? datum.__last_close / datum.${FIRST_BAR}[${JSON.stringify(s.fields.close)}] - 1 : null`
          : 'datum.__last_close',
        as: '__last_y',
      },
      { calculate: `format(datum.__last_y, ${JSON.stringify(format)})`, as: '__last_label' },
    ],
    layer: [
      {
        mark: { type: 'rule', ...style('last-price'), strokeDash: [4, 3], strokeWidth: 1 },
        encoding: { x: px('0'), x2: px(`range(${X})[1]`), y: px(at), color, opacity: shown },
      },
      {
        mark: { type: 'rect', ...style('last-price-tag'), ...outside },
        encoding: {
          x: px(s.side === 'left' ? `-${width}` : edge),
          x2: px(s.side === 'left' ? edge : `${edge} + ${width}`),
          y: px(`${at} - ${TAG_HEIGHT / 2}`),
          y2: px(`${at} + ${TAG_HEIGHT / 2}`),
          color,
          opacity: shown,
        },
      },
      {
        mark: {
          type: 'text',
          ...style('last-price-label'),
          ...outside,
          // Centred in the tag: where text is measured by estimate (Node), a text wider than the
          // tag would otherwise push the chart's bounds out past the tag.
          align: 'center',
          baseline: 'middle',
          fontSize: FONT_SIZE,
        },
        encoding: {
          x: px(s.side === 'left' ? `-${width} / 2` : `${edge} + ${width} / 2`),
          y: px(at),
          text: { field: '__last_label' },
          color: directionColor(
            { ...s.fields, open: '__last_open', close: '__last_close' },
            {
              rising: textOn(s.colors.rising),
              falling: textOn(s.colors.falling),
              unchanged: textOn(s.colors.unchanged),
            },
          ),
          opacity: shown,
        },
      },
    ],
  };
}
