/** Annotation kinds positioned by fields: the same builder serves a literal item and a data-driven layer. */
import { datum } from './fused-expressions';
import {
  ARROW_PATH,
  MARKER_PATHS,
  MARKER_REACH,
  arrowSymbolSize,
  offsetAngle,
  rayExprs,
  tidy,
} from './annotation-geometry';
import type { JsonObject } from './types';
import { type Env, type Item, type Fields } from './annotation-env';
import {
  X,
  X2,
  Y,
  Y2,
  px,
  pxExpr,
  unit,
  defined,
  lineProps,
  bandProps,
  symbolProps,
  labelUnit,
  arrowUnits,
  str,
  num,
} from './annotation-parts';
// ---------------------------------------------------------------------------------------------
// Kinds positioned by fields (literal items and data-driven layers alike)

/** Horizontal line across the plot (or from x to x2), a label above it, a price tag at the side. */
export function level(env: Env, it: Item, f: Fields): JsonObject[] {
  const y = f.y!;
  const from = f.x ? X(env, f.x) : px(0);
  const to = f.x2 ? X(env, f.x2) : px('width');
  const out: (JsonObject | undefined)[] = [
    unit(env, 'line', 'rule', lineProps(it.style), { x: from, x2: f.x2 ? X2(env, f.x2) : px('width'), y: Y(env, y) }),
  ];
  const pos = it.label?.position ?? 'left';
  const at =
    pos === 'right'
      ? { x: to, align: 'right', dx: -4 }
      : pos === 'center'
        ? { x: pxExpr('width / 2'), align: 'center', dx: 0 }
        : { x: from, align: 'left', dx: 4 };
  out.push(labelUnit(env, it, { align: at.align, baseline: 'bottom', dx: at.dx, dy: -3 }, { x: at.x, y: Y(env, y) }));
  const side = it.o['price'] === false ? undefined : it.o['price'] === 'left' ? 'left' : 'right';
  if (side) {
    const text = `format(${datum(y)}, ${JSON.stringify(it.style.format)})`;
    // The tag is as wide as the formatted price (about 6.4 px a character at the default 11 px).
    const width = `(8 + 6.4 * length(${text}))`;
    const span =
      side === 'right' ? { x: px('width'), x2: pxExpr(`width + ${width}`) } : { x: pxExpr(`-${width}`), x2: px(0) };
    const tag = unit(
      env,
      'tag',
      'rect',
      {
        color: it.style.color,
        yOffset: -8,
        y2Offset: 8,
        ...(it.style.opacity !== undefined ? { opacity: it.style.opacity } : {}),
      },
      { ...span, y: Y(env, y), y2: Y2(env, y) },
    );
    out.push(tag);
    out.push(
      unit(
        env,
        'price',
        'text',
        {
          align: side === 'right' ? 'left' : 'right',
          baseline: 'middle',
          dx: side === 'right' ? 4 : -4,
          color: tag ? '#ffffff' : it.style.color,
        },
        { x: side === 'right' ? px('width') : px(0), y: Y(env, y), text: pxExpr(text) },
      ),
    );
  }
  return defined(out);
}

/** Vertical line across the plot with a label at its top (or bottom). */
export function event(env: Env, it: Item, f: Fields): JsonObject[] {
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'line', 'rule', lineProps(it.style), { x: X(env, f.x!), y: px(0), y2: px('height') }),
    labelUnit(
      env,
      it,
      { align: 'left', baseline: bottom ? 'bottom' : 'top', dx: 4, dy: bottom ? -4 : 4 },
      { x: X(env, f.x!), y: px(bottom ? 'height' : 0) },
    ),
  ]);
}

/** A shaded range of x across the plot's height. */
export function xband(env: Env, it: Item, f: Fields): JsonObject[] {
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), { x: X(env, f.x!), x2: X2(env, f.x2!), y: px(0), y2: px('height') }),
    labelUnit(
      env,
      it,
      { align: 'left', baseline: bottom ? 'bottom' : 'top', dx: 4, dy: bottom ? -4 : 4 },
      { x: X(env, f.x!), y: px(bottom ? 'height' : 0) },
    ),
  ]);
}

/** A shaded range of prices across the plot's width; the label sits inside its y2 edge. */
export function yband(env: Env, it: Item, f: Fields): JsonObject[] {
  const right = it.label?.position === 'right';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), { x: px(0), x2: px('width'), y: Y(env, f.y!), y2: Y2(env, f.y2!) }),
    labelUnit(
      env,
      it,
      { align: right ? 'right' : 'left', baseline: 'top', dx: right ? -4 : 4, dy: 4 },
      { x: px(right ? 'width' : 0), y: Y(env, f.y2!) },
    ),
  ]);
}

/**
 * A line through two points. `extend: "ray"` goes on past the second point, `"line"` past both,
 * to the plot's edges: those parts are placed in pixels (through the chart's scales) and clipped,
 * so they neither stretch the chart's domains nor depend on how far the data goes.
 */
export function trend(env: Env, it: Item, f: Fields): JsonObject[] {
  const ff = f as Required<Fields>;
  const extend = str(it.o['extend'], 'segment');
  const line = lineProps(it.style);
  const out: (JsonObject | undefined)[] = [
    unit(env, 'line', 'rule', line, { x: X(env, ff.x), y: Y(env, ff.y), x2: X2(env, ff.x2), y2: Y2(env, ff.y2) }),
  ];
  const ray = (e: { x: string; y: string; x2: string; y2: string }) =>
    unit(env, 'line', 'rule', line, { x: pxExpr(e.x), y: pxExpr(e.y), x2: pxExpr(e.x2), y2: pxExpr(e.y2) });
  if (extend === 'ray' || extend === 'line') out.push(ray(rayExprs(env.screen, ff.x, ff.y, ff.x2, ff.y2)));
  if (extend === 'line') out.push(ray(rayExprs(env.screen, ff.x2, ff.y2, ff.x, ff.y)));
  out.push(...arrowUnits(env, it, ff, str(it.o['arrow'], 'none')));
  const start = it.label?.position === 'start';
  out.push(
    labelUnit(
      env,
      it,
      { align: start ? 'right' : 'left', baseline: 'bottom', dx: start ? -4 : 4, dy: -4 },
      start ? { x: X(env, ff.x), y: Y(env, ff.y) } : { x: X(env, ff.x2), y: Y(env, ff.y2) },
    ),
  );
  return defined(out);
}

/**
 * A label `dx`/`dy` pixels from a point, a connector from the label to the point and an
 * arrowhead on the point. Offsets are in pixels, so the arrow's angle is known without scales.
 */
export function callout(env: Env, it: Item, f: Fields): JsonObject[] {
  const dx = num(it.o['dx'], 40);
  const dy = num(it.o['dy'], -40);
  const len = Math.hypot(dx, dy);
  // The connector stops 3 px short of the label so it does not run into the text.
  const k = len > 6 ? (len - 3) / len : 1;
  const sx = tidy(dx * k);
  const sy = tidy(dy * k);
  const at = { x: X(env, f.x!), y: Y(env, f.y!) };
  const arrow = str(it.o['arrow'], 'end');
  const head = symbolProps(it.style, ARROW_PATH, arrowSymbolSize(it.style.arrowSize));
  return defined([
    len > 0
      ? unit(env, 'connector', 'rule', lineProps(it.style, { xOffset: sx, yOffset: sy }), {
          ...at,
          x2: X2(env, f.x!),
          y2: Y2(env, f.y!),
        })
      : undefined,
    len > 0 && (arrow === 'end' || arrow === 'both')
      ? unit(env, 'arrow', 'point', head, { ...at, angle: px(offsetAngle(-dx, -dy)) })
      : undefined,
    len > 0 && (arrow === 'start' || arrow === 'both')
      ? unit(env, 'arrow', 'point', { ...head, xOffset: sx, yOffset: sy }, { ...at, angle: px(offsetAngle(dx, dy)) })
      : undefined,
    labelUnit(
      env,
      it,
      {
        align: dx > 0 ? 'left' : dx < 0 ? 'right' : 'center',
        baseline: dy < 0 ? 'bottom' : dy > 0 ? 'top' : 'middle',
        dx,
        dy,
      },
      at,
    ),
  ]);
}

export const MARKER_SHAPES = [
  'buy',
  'sell',
  'arrow-up',
  'arrow-down',
  'flag',
  'circle',
  'square',
  'diamond',
  'cross',
  'triangle-up',
  'triangle-down',
] as const;

/** Where a marker sits when `position` is not given: buy arrows under the price, sell arrows over it. */
export function markerPlacement(shape: string): 'above' | 'below' | 'center' {
  return shape === 'buy' || shape === 'arrow-up'
    ? 'below'
    : shape === 'sell' || shape === 'arrow-down' || shape === 'flag'
      ? 'above'
      : 'center';
}

/**
 * A symbol at a point: arrows and flags touch the point with their tip (or pole) from below or
 * above, 3 px apart; other shapes are centred on it, or beside it when placed above/below.
 */
export function marker(env: Env, it: Item, f: Fields): JsonObject[] {
  const shape = str(it.o['shape'], 'circle');
  const size = num(it.o['size'], 100);
  const r = Math.sqrt(size) / 2;
  const place = str(it.o['position'], markerPlacement(shape));
  const path = shape === 'buy' ? 'arrow-up' : shape === 'sell' ? 'arrow-down' : shape;
  const gap = 3;
  let offset = 0;
  let reach = r;
  let symbol: string = path;
  if (path in MARKER_PATHS) {
    const p = path as keyof typeof MARKER_PATHS;
    symbol = MARKER_PATHS[p];
    reach = MARKER_REACH[p] * r;
    // Paths start at their tip: only the gap separates them from the price.
    offset = place === 'below' ? gap : place === 'above' ? -gap : 0;
  } else if (place !== 'center') {
    offset = place === 'below' ? gap + r : -(gap + r);
    reach = 2 * r;
  }
  const at = { x: X(env, f.x!), y: Y(env, f.y!) };
  const props: JsonObject = { ...symbolProps(it.style, symbol, size), ...(offset ? { yOffset: offset } : {}) };
  const beyond = Math.round(gap + reach + 3);
  const labelBelow = place === 'below' || (place === 'center' && it.label?.position !== 'above');
  const labelDy =
    place === 'center' ? (labelBelow ? Math.round(r + 3) : -Math.round(r + 3)) : labelBelow ? beyond : -beyond;
  return defined([
    unit(env, 'marker', 'point', props, at),
    labelUnit(env, it, { align: 'center', baseline: labelBelow ? 'top' : 'bottom', dy: labelDy }, at),
  ]);
}

/** Text at a point. */
export function note(env: Env, it: Item, f: Fields): JsonObject[] {
  return defined([labelUnit(env, it, { align: 'center', baseline: 'middle' }, { x: X(env, f.x!), y: Y(env, f.y!) })]);
}

/** A rectangle in data coordinates: a shaded fill, an outline and a label above (or below) it. */
export function rect(env: Env, it: Item, f: Fields): JsonObject[] {
  const ff = f as Required<Fields>;
  const box = { x: X(env, ff.x), x2: X2(env, ff.x2), y: Y(env, ff.y), y2: Y2(env, ff.y2) };
  const bottom = it.label?.position === 'bottom';
  return defined([
    unit(env, 'band', 'rect', bandProps(it.style), box),
    unit(env, 'line', 'rect', lineProps(it.style, { filled: false }), box),
    labelUnit(
      env,
      it,
      { align: 'left', baseline: bottom ? 'top' : 'bottom', dy: bottom ? 4 : -4 },
      { x: X(env, ff.x), y: Y(env, bottom ? ff.y : ff.y2) },
    ),
  ]);
}
