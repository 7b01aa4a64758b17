// A 2D context for tests that writes down what a canvas would draw.

const STATE = [
  'globalAlpha',
  'globalCompositeOperation',
  'fillStyle',
  'strokeStyle',
  'lineWidth',
  'lineCap',
  'lineJoin',
  'miterLimit',
  'lineDashOffset',
] as const;

/**
 * A 2D context that writes down what a canvas would draw: each path call, and at each fill and
 * stroke the state it is drawn with (what the pixels depend on), not the setting of the state.
 */
export function recorder() {
  const log: unknown[] = [];
  const state: Record<string, unknown> = {
    globalAlpha: 1,
    globalCompositeOperation: 'source-over',
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    miterLimit: 10,
    lineDashOffset: 0,
  };
  let dash: number[] = [];
  const ctx: Record<string, unknown> = {
    setLineDash: (d: number[]) => void (dash = [...d]),
    fill: () => log.push(['fill', { ...state, dash }]),
    stroke: () => log.push(['stroke', { ...state, dash }]),
  };
  for (const op of ['beginPath', 'moveTo', 'lineTo', 'rect', 'bezierCurveTo', 'closePath', 'translate', 'rotate'])
    ctx[op] = (...args: number[]) => log.push([op, ...args]);
  for (const k of STATE)
    Object.defineProperty(ctx, k, {
      get: () => state[k],
      set: (v) => {
        // A canvas ignores an alpha outside [0, 1] and a non-finite number.
        if (k === 'globalAlpha' && !(v >= 0 && v <= 1)) return;
        if (typeof state[k] === 'number' && !Number.isFinite(v)) return;
        state[k] = v;
      },
    });
  return { ctx, log };
}

/**
 * What a log paints: each shape (a subpath) with the state it is filled or stroked with, in no
 * order. Two logs that paint the same shapes none of which covers another give the same pixels.
 */
export function painted(log: unknown[]): string[] {
  const out: string[] = [];
  let path: unknown[][] = [];
  for (const entry of log as unknown[][]) {
    const [op] = entry;
    if (op === 'beginPath') path = [];
    else if (op === 'moveTo' || op === 'rect') path.push([entry]);
    else if (op === 'fill' || op === 'stroke') for (const sub of path) out.push(JSON.stringify([op, entry[1], sub]));
    else path.at(-1)?.push(entry);
  }
  return out.sort();
}
