/**
 * The radial gauge: arcs, rules, a needle symbol and texts placed in pixels around a center.
 *
 * Sizes come from the enclosing group (`item.mark.group.width/height`), not from the `width`
 * signal: inside a facet cell or a concat that signal is named otherwise (`child_width`), and an
 * expression naming `width` would fail there. Everything is measured in R, the radius the
 * gauge's bounding box allows in that group.
 */
import { repeatedColor, repeatedTarget, repeatedTooltip, repeatedValue, valueColor, valueTooltip } from './gauge-data';
import { num, type GaugeModel, type Style } from './gauge-model';
import type { JsonObject } from './types';
import { labelRows, singleTexts, multiTexts } from './gauge-radial-text';
import {
  NEEDLE_COLOR,
  TRACK,
  TARGET_COLOR,
  NEEDLE_PATH,
  rad,
  arcAngles,
  angleOf,
  frame,
  expr,
  rings,
  boundingBox,
} from './gauge-radial-frame';
/** The layers of a radial gauge (transforms after the shared ones; layers in drawing order). */
export function radialLayers(m: GaugeModel): { transform: JsonObject[]; layer: JsonObject[] } {
  const f = frame(boundingBox(m));
  const ring = rings(m);
  const multi = m.colorField !== undefined;
  const sweep = m.endAngle - m.startAngle;
  const a0 = m.clockwise ? m.startAngle : m.endAngle;
  const perUnit = ((m.clockwise ? 1 : -1) * sweep) / (m.max - m.min);
  const fromMin = (v: string) => (m.min === 0 ? v : `(${v} ${m.min < 0 ? '+' : '-'} ${num(Math.abs(m.min))})`);
  // Degrees per data unit, precise enough that a needle is off by less than 1e-9°.
  const angleExpr = (v: string) => `${num(a0)} + ${fromMin(v)} * ${+perUnit.toPrecision(12)}`;
  const one = { values: [{}] };
  const center = { x: expr(f.cx), y: expr(f.cy) };
  const layer: JsonObject[] = [];
  const targetTheta = {
    calculate: `(${angleExpr(`clamp(datum.__target, ${num(m.min)}, ${num(m.max)})`)}) * PI / 180`,
    as: '__target_theta',
  };
  const transform: JsonObject[] = m.repeat
    ? []
    : [
        { calculate: angleExpr('datum.__clamped'), as: '__angle' },
        { calculate: 'datum.__angle * PI / 180', as: '__theta' },
        ...(m.progress ? [{ calculate: num(rad(angleOf(m, m.origin))), as: '__theta0' }] : []),
        ...(m.target ? [targetTheta] : []),
      ];
  // A repeated value is mapped to angles by a scale, clamped to the range.
  const angleScale = (unit: (deg: number) => number) => ({
    domain: [m.min, m.max],
    range: [unit(angleOf(m, m.min)), unit(angleOf(m, m.max))],
    clamp: true,
  });
  const rounded = (outer: number, inner: number): Style =>
    m.rounded ? { cornerRadius: expr(f.r(num((outer - inner) / 2))) } : {};

  // In rings mode each value gets its own ring, outermost first.
  const ringMode = multi && m.progress !== false;
  const ringRadius = (edge: 'outer' | 'inner') => {
    const w = ring.valueOuter - ring.inner;
    const i = edge === 'outer' ? '(datum.__row - 1)' : 'datum.__row';
    const gap = edge === 'inner' ? ` + (datum.__n > 1 ? ${num(Math.min(0.02, w / 10))} : 0)` : '';
    return expr(f.r(`(${num(ring.valueOuter)} - ${num(w)} * ${i} / datum.__n${gap})`));
  };

  if (m.track) {
    const style = { ...TRACK, ...rounded(ring.valueOuter, ring.inner), ...m.track };
    if (ringMode) {
      layer.push({
        mark: {
          type: 'arc',
          style: 'gauge-track',
          ...center,
          radius: ringRadius('outer'),
          radius2: ringRadius('inner'),
          ...arcAngles(m.startAngle, m.endAngle),
          ...style,
        },
      });
    } else {
      layer.push({
        data: one,
        mark: {
          type: 'arc',
          style: 'gauge-track',
          ...center,
          radius: expr(f.r(ring.valueOuter)),
          radius2: expr(f.r(ring.inner)),
          ...arcAngles(m.startAngle, m.endAngle),
          ...style,
        },
      });
    }
  }

  if (m.bands.length) {
    layer.push({
      data: {
        values: m.bands.map((b) => ({
          from: b.from,
          to: b.to,
          theta: rad(angleOf(m, b.from)),
          theta2: rad(angleOf(m, b.to)),
          color: b.color,
          ...(b.opacity !== undefined ? { opacity: b.opacity } : {}),
        })),
      },
      mark: { type: 'arc', style: 'gauge-band', ...center, radius: expr(f.r(1)), radius2: expr(f.r(ring.bandInner)) },
      encoding: {
        theta: { field: 'theta', type: 'quantitative', scale: null },
        theta2: { field: 'theta2' },
        color: { field: 'color', type: 'nominal', scale: null },
        ...(m.bands.some((b) => b.opacity !== undefined)
          ? { opacity: { field: 'opacity', type: 'quantitative', scale: null } }
          : {}),
        tooltip: [
          { field: 'from', type: 'quantitative', title: 'From', format: m.scale.format },
          { field: 'to', type: 'quantitative', title: 'To', format: m.scale.format },
        ],
      },
    });
  }

  if (m.progress) {
    const { color: userColor, ...style } = m.progress;
    const base = multi
      ? m.color
      : typeof userColor === 'string'
        ? { value: userColor }
        : m.color && m.color['value'] !== undefined
          ? m.color
          : undefined;
    const color = valueColor(m, base, { bipolar: true, overflow: !multi });
    layer.push({
      mark: {
        type: 'arc',
        style: 'gauge-progress',
        ...center,
        ...(ringMode
          ? { radius: ringRadius('outer'), radius2: ringRadius('inner') }
          : { radius: expr(f.r(ring.valueOuter)), radius2: expr(f.r(ring.inner)) }),
        ...rounded(ring.valueOuter, ring.inner),
        ...style,
      },
      encoding: m.repeat
        ? {
            theta: repeatedValue(m, { scale: angleScale(rad) }),
            theta2: { datum: m.origin },
            color: repeatedColor(m, typeof userColor === 'string' ? userColor : m.markColors.arc, {
              bipolar: true,
              overflow: true,
            }),
            ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
          }
        : {
            theta: { field: '__theta0', type: 'quantitative', scale: null },
            theta2: { field: '__theta' },
            ...(color ? { color } : {}),
            ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
          },
    });
  }

  if (m.ticks) {
    const rows = m.scale.values.map((v) => ({ value: v, theta: rad(angleOf(m, v)) }));
    const tick = (
      values: { value: number; theta: number }[],
      inner: number,
      style: Style,
      name: string,
      width: string,
    ): JsonObject => {
      const a = f.at(ring.tickOuter, 'datum.theta');
      const b = f.at(inner, 'datum.theta');
      return {
        data: { values },
        mark: { type: 'rule', style: name, strokeWidth: expr(width), ...style },
        encoding: {
          x: { value: expr(a.x) },
          y: { value: expr(a.y) },
          x2: { value: expr(b.x) },
          y2: { value: expr(b.y) },
        },
      };
    };
    if (m.scale.minor.length) {
      layer.push(
        tick(
          m.scale.minor.map((v) => ({ value: v, theta: rad(angleOf(m, v)) })),
          ring.minorInner,
          { opacity: 0.6, ...m.ticks.minorStyle },
          'gauge-minor-tick',
          `max(0.5, ${f.r(0.006)})`,
        ),
      );
    }
    layer.push(tick(rows, ring.tickInner, m.ticks.style, 'gauge-tick', `max(1, ${f.r(0.012)})`));
  }

  if (m.labels) {
    const measured = labelRows(m);
    const rows = measured.map(({ chars: _c, ...row }) => row);
    const chars = Math.max(...measured.map((row) => row.chars));
    const fs = f.font('label');
    // On a small gauge, every second (third…) label when they would not fit side by side. The
    // last label always shows (it closes the scale); a strided one too close before it gives way.
    // On a full circle the last tick is the first one's: its label is left out.
    const values = m.scale.values;
    const last = values.length - 1;
    const closed = m.endAngle - m.startAngle >= 360 && values[0] === m.min && values[last] === m.max;
    const stepRad = values.length > 2 ? Math.abs(rad(angleOf(m, values[1]!)) - rad(angleOf(m, values[0]!))) : 0;
    const stride = `max(1, ceil((${num(chars * 0.6)} * ${fs} + 3) / (${f.r(num(ring.labelEdge * 0.85 * stepRad))})))`;
    const hidden = closed
      ? `datum.i == ${last} || datum.i % ${stride} != 0`
      : `datum.i != ${last} && (datum.i % ${stride} != 0 || ${last} - datum.i < ${stride})`;
    const r = `(${f.r(ring.labelEdge)} - ${fs} * datum.inset)`;
    layer.push({
      data: { values: rows },
      mark: {
        type: 'text',
        style: 'gauge-label',
        x: expr(`${f.cx} + ${r} * sin(datum.theta)`),
        y: expr(`${f.cy} - ${r} * cos(datum.theta)`),
        align: 'center',
        baseline: 'middle',
        fontSize: expr(fs),
        ...m.labels,
      },
      encoding: {
        text: {
          ...(stepRad || closed ? { condition: { test: hidden, value: '' } } : {}),
          field: 'value',
          type: 'quantitative',
          format: m.scale.format,
        },
      },
    });
  }

  if (m.target) {
    const a = f.at(ring.inner - 0.04, 'datum.__target_theta');
    const b = f.at(Math.min(1.03, (m.bands.length ? 1 : ring.valueOuter) + 0.03), 'datum.__target_theta');
    layer.push({
      ...(m.repeat ? repeatedTarget(m, targetTheta) : {}),
      mark: {
        type: 'rule',
        style: 'gauge-target',
        color: TARGET_COLOR,
        strokeWidth: expr(`max(2, ${f.r(0.02)})`),
        strokeCap: 'butt',
        ...m.target,
      },
      encoding: {
        x: { value: expr(a.x) },
        y: { value: expr(a.y) },
        x2: { value: expr(b.x) },
        y2: { value: expr(b.y) },
        ...(m.tooltip
          ? {
              tooltip: [
                ...(m.colorField ? [{ field: m.colorField, type: 'nominal' }] : []),
                {
                  field: '__target',
                  type: 'quantitative',
                  title: m.targetField?.title ?? 'Target',
                  ...(m.value ? { format: m.value.format } : {}),
                },
              ],
            }
          : {}),
      },
    });
  }

  if (m.needle) {
    const { color: userColor, ...style } = m.needle;
    const base = multi ? m.color : { value: typeof userColor === 'string' ? userColor : NEEDLE_COLOR };
    const color = valueColor(m, base, { bipolar: false, overflow: !multi });
    layer.push({
      mark: {
        type: 'point',
        style: 'gauge-needle',
        shape: NEEDLE_PATH,
        filled: true,
        opacity: 1,
        ...center,
        size: expr(`4 * pow(${f.r(ring.needle)}, 2)`),
        ...style,
      },
      encoding: m.repeat
        ? {
            angle: repeatedValue(m, { scale: angleScale((deg) => deg) }),
            color: repeatedColor(m, typeof userColor === 'string' ? userColor : NEEDLE_COLOR, {
              bipolar: false,
              overflow: true,
            }),
            ...(m.tooltip ? { tooltip: repeatedTooltip(m) } : {}),
          }
        : {
            angle: { field: '__angle', type: 'quantitative', scale: null },
            ...(color ? { color } : {}),
            ...(m.tooltip ? { tooltip: valueTooltip(m) } : {}),
          },
    });
    if (m.hub) {
      layer.push({
        data: one,
        mark: {
          type: 'point',
          style: 'gauge-hub',
          shape: 'circle',
          filled: true,
          opacity: 1,
          color: typeof userColor === 'string' && !multi ? userColor : NEEDLE_COLOR,
          ...center,
          size: expr(`pow(${f.r(ring.hub * 2)}, 2)`),
          ...m.hub,
        },
      });
    }
  }

  layer.push(...(multi ? multiTexts(m, f) : singleTexts(m, f)));
  return { transform, layer };
}

/** Characters a label takes, roughly (for spacing only). */
