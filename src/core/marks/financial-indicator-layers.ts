/**
 * How the indicators are drawn: overlays as layers beside the bars, on the price axis (bands
 * filled between their edges, the parabolic SAR as dots); the others each in a pane under the
 * chart sharing its time axis, with its levels as dashed rules on labelled ticks. Each says what
 * it is in a label at the top left of its plot, in its color ("EMA 20", "MACD 12 26 9").
 */
import type { JsonObject } from '../json';
import { SEGMENT_FIELD, type ResolvedIndicator } from './financial-indicators';
import type { BarSlots } from './financial-x';

/** Height of an indicator's pane. */
export const INDICATOR_PANE_HEIGHT = 90;

/** Width of a character of the labels (11px sans), generous so that labels never run into each other. */
const CHAR_WIDTH = 6.6;
const LABEL_GAP = 14;
/** Under the page's readout of the bar, which sits at the price plot's top left. */
const OVERLAY_LABEL_Y = 34;
/** At the top of a plot with nothing written there (a pane, a chart without a readout). */
export const PANE_LABEL_Y = 10;

/** The outputs drawn as a filled band between two lines, per indicator. */
const BANDS: Record<string, [string, string]> = {
  bollinger: ['upper', 'lower'],
  keltner: ['upper', 'lower'],
  donchian: ['upper', 'lower'],
  ichimoku: ['spanA', 'spanB'],
};
/** Outputs drawn as dots (the parabolic SAR), and as bars from zero (the MACD histogram). */
const DOTS: Record<string, string[]> = { sar: ['value'] };
const BARS: Record<string, string[]> = { macd: ['histogram'] };
/** Bars from zero are colored by their sign: their label takes the color of a bar above zero. */
const BAR_UP = '#26a69a';
const BAR_DOWN = '#ef5350';
/** Indicators whose lines have colors of their own (Ichimoku's, as trading tools draw them), and fills. */
const OWN_COLORS: Record<string, Record<string, string>> = {
  ichimoku: { conversion: '#2962ff', base: '#be123c', spanA: '#16a34a', spanB: '#dc2626', lagging: '#7c3aed' },
};
const FILLS: Record<string, string> = { ichimoku: '#64748b' };
/**
 * The other outputs' colors, after the indicator's own for the first: from the far end of the
 * indicators' own colors (INDICATOR_COLORS), so that a Bollinger middle is not the color of the
 * EMA listed after it.
 */
const SECOND_COLORS = ['#64748b', '#db2777', '#0891b2', '#65a30d'];

const titled = (o: string) => o.charAt(0).toUpperCase() + o.slice(1).replace(/([A-Z])/g, ' $1');

/** Each output's color: the indicator's for the first (and bands' edges), others after it. */
function colorsOf(r: ResolvedIndicator): Record<string, string> {
  const own = OWN_COLORS[r.def.name];
  if (own && !r.colorWritten) return own;
  const band = BANDS[r.def.name];
  let k = 0;
  return Object.fromEntries(
    r.def.outputs.map((o, i) => {
      if (BARS[r.def.name]?.includes(o)) return [o, BAR_UP];
      if (i === 0 || band?.includes(o) || r.def.outputs.length === 1) return [o, r.color];
      const c = SECOND_COLORS.filter((s) => s !== r.color)[k++ % (SECOND_COLORS.length - 1)]!;
      return [o, c];
    }),
  );
}

/** A line through one output; rows where it is undefined (the warm-up) are left out, not joined. */
function line(x: JsonObject, field: string, color: string, extra: JsonObject = {}): JsonObject {
  return {
    mark: { type: 'line', color, strokeWidth: 1.25, clip: true, interpolate: 'linear', ...extra },
    encoding: { x, y: { field, type: 'quantitative' }, detail: SEGMENT },
  };
}

/** One path per stretch of the series (see SEGMENT_FIELD). */
const SEGMENT = { field: SEGMENT_FIELD, type: 'ordinal' };

/** The layers of one indicator: its band, lines, dots or bars (in the bars' slots). */
function drawnOutputs(r: ResolvedIndicator, slots: BarSlots): JsonObject[] {
  const x = slots.center;
  const colors = colorsOf(r);
  const band = BANDS[r.def.name];
  const out: JsonObject[] = [];
  if (band) {
    const [a, b] = band.map((o) => r.fields[o]!);
    out.push({
      mark: { type: 'area', color: FILLS[r.def.name] ?? r.color, opacity: 0.08, clip: true },
      encoding: { x, y: { field: a, type: 'quantitative' }, y2: { field: b }, detail: SEGMENT },
    });
  }
  for (const o of r.def.outputs) {
    const field = r.fields[o]!;
    if (DOTS[r.def.name]?.includes(o)) {
      out.push({
        mark: { type: 'point', filled: true, size: 10, color: colors[o], clip: true },
        encoding: { x, y: { field, type: 'quantitative' } },
      });
    } else if (BARS[r.def.name]?.includes(o)) {
      out.push({
        mark: { type: 'bar', clip: true, opacity: 0.6, ...(slots.continuous ? {} : { width: { band: 0.6 } }) },
        encoding: {
          ...(slots.continuous ? slots.span('left', 'right') : { x }),
          y: { field, type: 'quantitative' },
          y2: { datum: 0 },
          color: {
            condition: { test: `datum[${JSON.stringify(field)}] >= 0`, value: BAR_UP },
            value: BAR_DOWN,
          },
        },
      });
    } else {
      out.push(line(x, field, colors[o]!, band?.includes(o) ? { strokeWidth: 1 } : {}));
    }
  }
  return out;
}

/**
 * Labels in a row at the top left of a plot, in pixels, each in its color: layers of their own
 * data (one row each), so they neither read the bars nor widen an axis, and stay put as the
 * chart zooms.
 */
function labelLayers(labels: { text: string; color: string }[], y: number): JsonObject[] {
  let at = 8;
  const placed = labels.map((l) => {
    const x = at;
    const width = l.text.length * CHAR_WIDTH;
    at += width + LABEL_GAP;
    return { ...l, x, width };
  });
  const px = (v: number) => ({ value: v });
  return [
    // On the chart's background, a little see-through, so a label reads over candles and lines.
    ...placed.map((l) => ({
      data: { values: [{}] },
      mark: { type: 'rect', color: { expr: "background || '#ffffff'" }, opacity: 0.75, cornerRadius: 2 },
      encoding: { x: px(l.x - 3), x2: px(l.x + l.width + 3), y: px(y - 2), y2: px(y + 14) },
    })),
    ...placed.map((l) => ({
      data: { values: [{}] },
      mark: { type: 'text', align: 'left', baseline: 'top', fontSize: 11, fontWeight: 500, color: l.color },
      encoding: { x: px(l.x), y: px(y), text: { value: l.text } },
    })),
  ];
}

/** The overlays: their layers over the prices, and their labels (`labelY` pixels from the top). */
export function overlayLayers(
  list: readonly ResolvedIndicator[],
  slots: BarSlots,
  labelY = OVERLAY_LABEL_Y,
): JsonObject[] {
  if (!list.length) return [];
  return [
    ...list.flatMap((r) => drawnOutputs(r, slots)),
    ...labelLayers(
      list.map((r) => ({ text: r.label, color: r.color })),
      labelY,
    ),
  ];
}

/**
 * An indicator's pane: its outputs over the shared time axis, its levels dashed on ticks of their
 * own, a fixed axis where the indicator is bounded (RSI 0–100), and its label with the names of
 * its outputs when it has several.
 */
export function indicatorPane(
  r: ResolvedIndicator,
  slots: BarSlots,
  transform: JsonObject[],
  axis: (a: JsonObject) => JsonObject,
): JsonObject {
  const levels = r.def.levels ?? [];
  const range = r.def.range;
  const colors = colorsOf(r);
  const drawn = drawnOutputs(r, slots);
  // The first output's y carries the pane's axis; the others share it.
  const first = drawn.find((l) => (l['encoding'] as JsonObject)['y2'] === undefined) ?? drawn[0]!;
  const enc = first['encoding'] as JsonObject;
  enc['y'] = {
    ...(enc['y'] as JsonObject),
    title: null,
    axis: axis({ tickCount: 3, ...(levels.length ? { values: [...levels] } : {}), grid: !levels.length }),
    scale: range ? { domain: [...range], nice: false, zero: false } : { zero: false },
  };
  const names = r.def.outputs.length > 1 ? r.def.outputs.map((o) => ({ text: titled(o), color: colors[o]! })) : [];
  const layer: JsonObject[] = [
    // One row of its own: on the pane's rows it would be a dashed rule per bar, all in one place,
    // which the canvas rasterises one by one (about 70 ms for two levels at 1,200 bars).
    ...levels.map((level) => ({
      data: { values: [{}] },
      mark: { type: 'rule', strokeDash: [4, 3], color: '#94a3b8', strokeWidth: 1 },
      encoding: { y: { datum: level, type: 'quantitative' } },
    })),
    ...drawn,
    ...labelLayers([{ text: r.label, color: r.color }, ...names.slice(1)], PANE_LABEL_Y),
  ];
  return {
    ...(transform.length ? { transform } : {}),
    height: INDICATOR_PANE_HEIGHT,
    layer,
  };
}
