/**
 * The gauge's options, checked and resolved into one model both shapes draw from (what they
 * compute from it is in gauge-data.ts). Problems are reported here, so the drawing code never
 * meets impossible input.
 */
import { isObject } from '../json';
import { isFiniteNumber as finite } from './shared/numbers';
import { DIRECTION_COLORS } from './shared/parts';
import { big, decimals, tickValues, tidy } from './gauge-scale';

// The gauge's layers and tests read the scale's numbers here.
export { decimals, field, hasSign, niceStep, num, str, tickValues, tidy } from './gauge-scale';
import type { ExpandContext, JsonObject } from './types';
import type { Agg, Band, GaugeModel, Style } from './gauge-model-types';

export type { Agg, Band, GaugeModel, Style } from './gauge-model-types';

export const AGGREGATE_OPS = [
  'mean',
  'average',
  'median',
  'sum',
  'min',
  'max',
  'count',
  'distinct',
  'valid',
  'missing',
  'q1',
  'q3',
  'ci0',
  'ci1',
  'stderr',
  'stdev',
  'stdevp',
  'variance',
  'variancep',
  'product',
] as const;

/** Channels the gauge reads; any other channel is reported as ignored. */
export const GAUGE_CHANNELS = ['value', 'target', 'reference', 'color', 'row', 'column', 'facet'];

/** A part option: `false` hides it, an object styles it; config's style under the mark's. */
function part(mark: unknown, config: unknown, on: boolean): Style | false {
  if (mark === false || (mark === undefined && config === false)) return false;
  if (mark === undefined && config === undefined && !on) return false;
  return { ...(isObject(config) ? config : {}), ...(isObject(mark) ? mark : {}) };
}

/** Removes the gauge's own keys from a part object, leaving mark properties. */
function styleOf(o: Style, keys: readonly string[]): Style {
  const out: Style = {};
  for (const [k, v] of Object.entries(o)) if (!keys.includes(k)) out[k] = v;
  return out;
}

function aggOf(def: unknown): Agg | undefined {
  if (!isObject(def) || typeof def['field'] !== 'string' || def['field'] === '') return undefined;
  const op = typeof def['aggregate'] === 'string' ? def['aggregate'] : 'mean';
  const title =
    typeof def['title'] === 'string' || def['title'] === null ? (def['title'] as string | null) : def['field'];
  return { field: def['field'], op, title };
}

export const DEFAULT_COLORS = DIRECTION_COLORS;

/**
 * The gauge's options that have one default whatever else is set (thickness, origin, ticks… depend
 * on other options). The hand-written schema documents these; tests/unit/marks/options.test.ts
 * checks that it says the same.
 */
export const GAUGE_DEFAULTS = {
  shape: 'radial',
  orient: 'horizontal',
  min: 0,
  max: 100,
  startAngle: -135,
  endAngle: 135,
  clockwise: true,
  rounded: false,
  tooltip: true,
  ...DIRECTION_COLORS,
} as const;

/**
 * Reads the options (mark object over `config.gauge` over defaults) and the channels; reports
 * what is impossible. Returns undefined when no gauge can be drawn (the problems say why).
 */
export function resolveGauge(spec: JsonObject, ctx: ExpandContext): GaugeModel | undefined {
  const markObj = isObject(spec['mark']) ? spec['mark'] : {};
  const conf = isObject(ctx.config?.['gauge']) ? (ctx.config!['gauge'] as JsonObject) : {};
  const opt = (key: string): unknown => (markObj[key] !== undefined ? markObj[key] : conf[key]);
  const where = (key: string) => (markObj[key] !== undefined ? `/mark/${key}` : `/config/gauge/${key}`);
  let fatal = false;
  const error = (path: string, message: string) => {
    fatal = true;
    ctx.report({ severity: 'error', message, path });
  };
  const warn = (path: string, message: string) => ctx.report({ severity: 'warning', message, path });

  // Channels
  const encoding: JsonObject = { ...ctx.parentEncoding, ...(isObject(spec['encoding']) ? spec['encoding'] : {}) };
  const valueDef = encoding['value'];
  const repeat =
    isObject(valueDef) && isObject(valueDef['field']) && typeof valueDef['field']['repeat'] === 'string'
      ? valueDef['field']
      : undefined;
  if (repeat) {
    // handled below: the value is read through channels
  } else if (valueDef === undefined) {
    error('/encoding', 'The gauge mark needs a "value" channel with a "field" (the value it shows)');
  } else if (!aggOf(valueDef)) {
    error('/encoding/value', 'The gauge\'s "value" channel needs a "field"');
  }
  for (const ch of Object.keys(isObject(spec['encoding']) ? spec['encoding'] : {})) {
    if (!GAUGE_CHANNELS.includes(ch))
      warn(
        `/encoding/${ch}`,
        `The gauge mark ignores the "${ch}" channel (it reads value, target, reference and color)`,
      );
  }
  for (const ch of ['target', 'reference']) {
    const def = encoding[ch];
    if (isObject(def) && isObject(def['field']))
      warn(
        `/encoding/${ch}/field`,
        `A repeat reference works in the "value" channel only; the "${ch}" channel needs a field name`,
      );
  }
  const targetField = aggOf(encoding['target']);
  const referenceField = aggOf(encoding['reference']);
  let color = isObject(encoding['color']) ? encoding['color'] : undefined;
  if (repeat && color && color['field'] !== undefined) {
    warn(
      '/encoding/color',
      'Several values on one gauge (a color field) cannot be told apart when the value repeats; the color field is ignored',
    );
    color = undefined;
  }
  const colorField = color && typeof color['field'] === 'string' ? color['field'] : undefined;

  // Range
  const min = opt('min') ?? GAUGE_DEFAULTS.min;
  const max = opt('max') ?? GAUGE_DEFAULTS.max;
  if (!finite(min)) error(where('min'), '"min" must be a number');
  if (!finite(max)) error(where('max'), '"max" must be a number');
  if (finite(min) && finite(max) && min >= max) error(where('min'), `"min" (${min}) must be less than "max" (${max})`);

  // Angles
  const shape = opt('shape') === 'linear' ? 'linear' : 'radial';
  const startAngle = opt('startAngle') ?? GAUGE_DEFAULTS.startAngle;
  const endAngle = opt('endAngle') ?? GAUGE_DEFAULTS.endAngle;
  if (shape === 'radial') {
    if (!finite(startAngle)) error(where('startAngle'), '"startAngle" must be a number of degrees');
    if (!finite(endAngle)) error(where('endAngle'), '"endAngle" must be a number of degrees');
    if (finite(startAngle) && finite(endAngle)) {
      if (endAngle <= startAngle)
        error(
          where('endAngle'),
          `"endAngle" (${endAngle}°) must be greater than "startAngle" (${startAngle}°): the scale runs clockwise from start to end (set "clockwise": false to reverse it)`,
        );
      else if (endAngle - startAngle > 360)
        error(
          where('endAngle'),
          `The gauge spans ${endAngle - startAngle}° from "startAngle" to "endAngle"; at most 360° fit in a circle`,
        );
    }
  }
  if (fatal || !finite(min) || !finite(max) || !finite(startAngle) || !finite(endAngle)) return undefined;
  const span = max - min;

  const thicknessOpt = opt('thickness');
  let thickness = shape === 'radial' ? 0.2 : 0.6;
  if (thicknessOpt !== undefined) {
    if (finite(thicknessOpt) && thicknessOpt > 0 && thicknessOpt <= 1) thickness = thicknessOpt;
    else
      warn(
        where('thickness'),
        '"thickness" is a share of the radius (or of the bar\'s cross size) above 0 and at most 1; using the default',
      );
  }

  let origin = min;
  const originOpt = opt('origin');
  if (originOpt !== undefined) {
    if (!finite(originOpt)) warn(where('origin'), '"origin" must be a number');
    else if (originOpt < min || originOpt > max) {
      warn(
        where('origin'),
        `"origin" (${originOpt}) lies outside the range ${min}–${max}; it is moved to the nearest end`,
      );
      origin = Math.min(max, Math.max(min, originOpt));
    } else origin = originOpt;
  }

  // Bands: absolute or percent ends; a missing start continues from the previous band.
  const bands: Band[] = [];
  const bandsOpt = opt('bands');
  if (Array.isArray(bandsOpt)) {
    let prev = min;
    bandsOpt.forEach((b, i) => {
      const path = `${where('bands')}/${i}`;
      if (!isObject(b) || typeof b['color'] !== 'string') return warn(path, 'A band needs a "color"');
      const end = (abs: string, pct: string, fallback: number): number | undefined => {
        if (b[abs] !== undefined && b[pct] !== undefined)
          warn(`${path}/${pct}`, `A band takes "${abs}" or "${pct}", not both; "${abs}" is used`);
        if (finite(b[abs])) return b[abs];
        if (finite(b[pct])) return tidy(min + (b[pct] / 100) * span);
        return fallback;
      };
      let from = end('from', 'fromPercent', prev)!;
      let to = end('to', 'toPercent', max)!;
      if (from >= to) return warn(path, `This band is empty: it runs from ${from} to ${to}`);
      if (to <= min || from >= max)
        return warn(path, `This band (${from}–${to}) lies outside the gauge's range ${min}–${max}`);
      if (from < min || to > max) {
        warn(
          path,
          `This band (${from}–${to}) reaches outside the gauge's range ${min}–${max}; it is cut at the range's ends`,
        );
        from = Math.max(from, min);
        to = Math.min(to, max);
      }
      bands.push({ from, to, color: b['color'], ...(finite(b['opacity']) ? { opacity: b['opacity'] } : {}) });
      prev = to;
    });
  }

  // Ticks and labels: labels sit at the major ticks, also when the tick lines are hidden.
  const ticksOpt = opt('ticks');
  const t = isObject(ticksOpt) ? ticksOpt : {};
  const tickOpts: { count?: number; step?: number; minor?: number } = {};
  if (t['step'] !== undefined) {
    const step = t['step'];
    if (!finite(step) || step <= 0) warn(`${where('ticks')}/step`, '"step" must be a positive number');
    else if (span / step > 200)
      warn(`${where('ticks')}/step`, `A step of ${step} makes ${Math.floor(span / step)} ticks; using about 5 instead`);
    else tickOpts.step = step;
  }
  if (tickOpts.step === undefined && t['count'] !== undefined) {
    const count = t['count'];
    if (!finite(count) || count < 1 || count > 100)
      warn(`${where('ticks')}/count`, '"count" must be a number from 1 to 100');
    else tickOpts.count = count;
  }
  const minorOpt = t['minor'];
  tickOpts.minor = minorOpt === true ? 4 : finite(minorOpt) && minorOpt >= 0 ? Math.min(20, Math.floor(minorOpt)) : 0;
  const tv = tickValues(min, max, tickOpts);
  const labelsOpt = part(markObj['labels'], conf['labels'], true);
  const places = Math.min(6, Math.max(...[tv.step, min, max].map(decimals)));
  const tickFormat =
    labelsOpt && typeof labelsOpt['format'] === 'string'
      ? labelsOpt['format']
      : typeof t['format'] === 'string'
        ? t['format']
        : big(min, max)
          ? '~s'
          : `,.${places}f`;
  const scale = { values: tv.values, minor: tv.minor, format: tickFormat };
  const ticks: GaugeModel['ticks'] =
    ticksOpt === false || (ticksOpt === undefined && conf['ticks'] === false)
      ? false
      : {
          style: styleOf({ ...(isObject(conf['ticks']) ? conf['ticks'] : {}), ...t }, [
            'count',
            'step',
            'minor',
            'format',
            'minorStyle',
          ]),
          minorStyle: isObject(t['minorStyle']) ? t['minorStyle'] : {},
        };
  const labels = labelsOpt && styleOf(labelsOpt, ['format']);

  // Value text
  const valueOpt = part(markObj['value'], conf['value'], true);
  const valueDecimals = Math.min(6, decimals(tv.step) + (tv.step <= 10 ? 1 : 0));
  const value: GaugeModel['value'] = valueOpt && {
    format:
      typeof valueOpt['format'] === 'string'
        ? valueOpt['format']
        : tickFormat.endsWith('%')
          ? `.${Math.min(6, decimals(tidy(tv.step * 100)))}%`
          : big(min, max)
            ? '.3~s'
            : `,.${valueDecimals}f`,
    prefix: typeof valueOpt['prefix'] === 'string' ? valueOpt['prefix'] : '',
    suffix: typeof valueOpt['suffix'] === 'string' ? valueOpt['suffix'] : '',
    style: styleOf(valueOpt, ['format', 'prefix', 'suffix', 'unit']),
  };
  if (repeat && value) {
    for (const k of ['prefix', 'suffix'] as const) {
      if (value[k])
        warn(
          `${where('value')}/${k}`,
          `"${k}" needs the value in a transform, which a repeated field cannot reach; it is left out (a d3 format such as "$,.0f" or ".0%" can carry it)`,
        );
      value[k] = '';
    }
  }
  const unitText =
    valueOpt && typeof valueOpt['unit'] === 'string' && valueOpt['unit'] !== '' ? valueOpt['unit'] : undefined;
  const unit: GaugeModel['unit'] = unitText !== undefined ? { text: unitText, style: {} } : false;

  // Title
  const titleOpt = opt('title');
  const title: GaugeModel['title'] =
    typeof titleOpt === 'string' && titleOpt !== ''
      ? { text: titleOpt, style: isObject(conf['title']) ? styleOf(conf['title'], ['text']) : {} }
      : isObject(titleOpt) && typeof titleOpt['text'] === 'string'
        ? { text: titleOpt['text'], style: styleOf(titleOpt, ['text']) }
        : repeat && titleOpt === undefined
          ? { text: '', style: {}, repeat }
          : false;

  // Colors shared by delta and bipolar progress
  const colorOpt = (k: 'rising' | 'falling' | 'unchanged') =>
    typeof opt(k) === 'string' ? (opt(k) as string) : DEFAULT_COLORS[k];
  const rising = colorOpt('rising');
  const falling = colorOpt('falling');
  const unchanged = colorOpt('unchanged');

  // Delta
  const deltaOpt = opt('delta');
  let delta: GaugeModel['delta'] = false;
  let referenceValue: number | undefined;
  if (repeat && deltaOpt !== false && (deltaOpt !== undefined || referenceField)) {
    warn(
      deltaOpt !== undefined ? where('delta') : '/encoding/reference',
      'The delta needs the value in a transform, which a repeated field cannot reach; it is left out (facet over folded fields instead)',
    );
  } else if (deltaOpt !== false && (deltaOpt !== undefined || referenceField)) {
    const d = isObject(deltaOpt) ? deltaOpt : {};
    if (finite(d['reference'])) referenceValue = d['reference'];
    if (referenceValue === undefined && !referenceField) {
      warn(
        where('delta'),
        'The delta needs a reference: "delta": {"reference": <number>} or a "reference" channel with a field',
      );
    } else {
      const relative = d['relative'] === true;
      delta = {
        relative,
        format:
          typeof d['format'] === 'string'
            ? d['format']
            : relative
              ? '.1%'
              : value
                ? value.format
                : `,.${valueDecimals}f`,
        risingSymbol: typeof d['risingSymbol'] === 'string' ? d['risingSymbol'] : '▲',
        fallingSymbol: typeof d['fallingSymbol'] === 'string' ? d['fallingSymbol'] : '▼',
        style: styleOf(d, ['reference', 'relative', 'format', 'risingSymbol', 'fallingSymbol']),
      };
    }
  }

  // Target
  const targetOpt = opt('target');
  let target: GaugeModel['target'] = false;
  let targetValue: number | undefined;
  if (targetOpt !== false && (targetOpt !== undefined || targetField)) {
    const t = isObject(targetOpt) ? targetOpt : {};
    const v = finite(targetOpt) ? targetOpt : t['value'];
    if (finite(v)) {
      targetValue = v;
      if (v < min || v > max)
        warn(where('target'), `The target (${v}) lies outside the range ${min}–${max}; it is drawn at the nearest end`);
    }
    if (targetValue === undefined && !targetField)
      warn(where('target'), 'The target needs a value: "target": <number> or a "target" channel with a field');
    else target = styleOf(t, ['value']);
  }

  // Out of range
  const overflowOpt = part(markObj['overflow'], conf['overflow'], true);
  const overflow: GaugeModel['overflow'] = overflowOpt && {
    color: typeof overflowOpt['color'] === 'string' ? overflowOpt['color'] : falling,
    over: typeof overflowOpt['over'] === 'string' ? overflowOpt['over'] : '▲ above max',
    under: typeof overflowOpt['under'] === 'string' ? overflowOpt['under'] : '▼ below min',
    style: styleOf(overflowOpt, ['color', 'over', 'under']),
  };

  const needle = part(markObj['needle'], conf['needle'], false);
  return {
    shape,
    orient: opt('orient') === 'vertical' ? 'vertical' : 'horizontal',
    min,
    max,
    origin,
    bipolar: finite(originOpt),
    startAngle,
    endAngle,
    clockwise: opt('clockwise') !== false,
    thickness,
    bands,
    track: part(markObj['track'], conf['track'], true),
    rounded: opt('rounded') === true,
    progress: part(markObj['progress'], conf['progress'], true),
    needle,
    hub: needle && part(markObj['hub'], conf['hub'], true),
    scale,
    ticks,
    labels,
    value,
    unit,
    title,
    delta,
    target,
    overflow,
    rising,
    falling,
    unchanged,
    tooltip: opt('tooltip') !== false,
    valueField: repeat
      ? {
          field: '',
          op:
            typeof (valueDef as JsonObject)['aggregate'] === 'string'
              ? ((valueDef as JsonObject)['aggregate'] as string)
              : 'mean',
          title: null,
        }
      : aggOf(valueDef)!,
    ...(repeat ? { repeat } : {}),
    markColors: markColors(ctx.config),
    ...(targetField ? { targetField } : {}),
    ...(referenceField ? { referenceField } : {}),
    ...(targetValue !== undefined ? { targetValue } : {}),
    ...(referenceValue !== undefined ? { referenceValue } : {}),
    ...(color ? { color } : {}),
    ...(colorField ? { colorField } : {}),
  };
}

function markColors(config: JsonObject | undefined): GaugeModel['markColors'] {
  const color = (key: string) => {
    const block = config?.[key];
    return isObject(block) && typeof block['color'] === 'string' ? block['color'] : undefined;
  };
  const mark = color('mark') ?? '#4c78a8';
  return { arc: color('arc') ?? mark, rect: color('rect') ?? mark, text: color('text') ?? 'black' };
}
