// The expressions of the financial marks' transforms that the drawing runtime runs fused (the
// level of detail: src/render/level-of-detail.ts; the bar slots: src/render/bar-slots.ts). They live
// apart from the marks because the runtime recognises the transforms by these exact texts, and
// the page should not load the marks for that.

/** `datum["a.b"]`-safe access for a field name in an expression. */
export function datum(field: string): string {
  return `datum[${JSON.stringify(field)}]`;
}

/**
 * The expressions of the level of detail: the bar's position `__t` (a time for a temporal x),
 * the filter to the zoomed range (with a zoom interval), and the bar's column. The drawing
 * runtime recognises the transforms by these exact texts (see src/render/level-of-detail.ts).
 */
export function lodExpressions(
  xField: string,
  temporal: boolean,
  columns: number,
  zoom?: string,
): { time: string; filter?: string; column: string; range?: string } {
  const z = zoom !== undefined ? `${zoom}[${JSON.stringify('__x0')}]` : undefined;
  const zoomed = z ? `(isArray(${z}) && length(${z}) === 2)` : undefined;
  const lo = zoomed ? `(${zoomed} ? +${z}[0] : datum.__tmin)` : 'datum.__tmin';
  const hi = zoomed ? `(${zoomed} ? +${z}[1] : datum.__tmax)` : 'datum.__tmax';
  return {
    time: temporal ? `toDate(${datum(xField)})` : `+${datum(xField)}`,
    ...(zoomed ? { filter: `!${zoomed} || (datum.__t >= ${lo} && datum.__t <= ${hi})`, range: z } : {}),
    column: `datum.__n > ${columns} && ${hi} > ${lo} ? min(${columns - 1}, floor((datum.__t - ${lo}) / (${hi} - ${lo}) * ${columns})) : datum.__t`,
  };
}

/**
 * The expressions of the bar slots (src/core/marks/financial.ts `barSlots`): the bar's position
 * `__t`, its gap to the previous bar in time, and the slot's edges `band / 2` of the smallest gap
 * either side of it. The drawing runtime recognises the transforms by these exact texts (see
 * src/render/bar-slots.ts).
 */
export function slotExpressions(
  xField: string,
  temporal: boolean,
  half: number,
): { time: string; gap: string; x0: string; x1: string } {
  const step = '(isValid(datum.__step) ? datum.__step : 1)';
  return {
    time: temporal ? `toDate(${datum(xField)})` : `+${datum(xField)}`,
    gap: 'isValid(datum.__prev_t) && datum.__t > datum.__prev_t ? datum.__t - datum.__prev_t : null',
    x0: `datum.__t - ${step} * ${half}`,
    x1: `datum.__t + ${step} * ${half}`,
  };
}

/** The change from open to close, absolute and relative, that the default tooltip shows. */
export function changeExpressions(open: string, close: string): { change: string; pct: string } {
  return {
    change: `${datum(close)} - ${datum(open)}`,
    pct: `${datum(open)} ? (${datum(close)} - ${datum(open)}) / ${datum(open)} : null`,
  };
}
