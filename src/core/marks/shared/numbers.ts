/** Number checks the marks' option readers share. */

/** A number a chart can be drawn with (JSON cannot hold NaN, but code-built specs can). */
export function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
