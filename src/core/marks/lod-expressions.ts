// The level of detail's expressions, apart from the marks: the drawing runtime reads them too
// (src/io/level-of-detail.ts), and the page should not load the marks for that.

/** `datum["a.b"]`-safe access for a field name in an expression. */
export function datum(field: string): string {
  return `datum[${JSON.stringify(field)}]`;
}

/**
 * The expressions of the level of detail: the bar's position `__t` (a time for a temporal x),
 * the filter to the zoomed range (with a zoom interval), and the bar's column. The drawing
 * runtime recognises the transforms by these exact texts (see src/io/level-of-detail.ts).
 */
export function lodExpressions(xField: string, temporal: boolean, columns: number, zoom?: string): { time: string; filter?: string; column: string; range?: string } {
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
