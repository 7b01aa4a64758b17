/**
 * The volume pane of the financial marks: its schema (the channel and the pane's options) and the
 * bar chart drawn below the price chart, sharing its x.
 */
import { isObject, type JsonObject } from '../json';
import { directionColor, volumeTooltip, type PriceFields } from './financial-channels';
import { paneAxis } from './financial-price';
import type { BarSlots } from './financial-x';
import type { FinancialOptions } from './financial';

/** Height of the volume pane. */
export const VOLUME_PANE_HEIGHT = 80;

/** Definitions the financial marks' schema adds: the volume channel and pane. */
export const VOLUME_DEFINITIONS = {
  VolumeFieldDef: {
    type: 'object',
    additionalProperties: false,
    required: ['field'],
    properties: {
      field: { type: 'string', description: 'The data field holding the traded volume.' },
      type: { const: 'quantitative', description: 'Volumes are numbers (the only type the pane reads).' },
      title: { type: ['string', 'null'], description: 'Title of the volume axis. __Default value:__ `"Volume"`' },
    },
    description: 'The volume of each bar of a candlestick or ohlc mark, drawn in a pane below the chart.',
  },
  VolumePaneDef: {
    type: 'object',
    additionalProperties: false,
    properties: {
      height: {
        type: 'number',
        minimum: 20,
        description: `Height of the volume pane in pixels. __Default value:__ \`${VOLUME_PANE_HEIGHT}\``,
      },
      color: {
        type: 'string',
        description: "One color for every volume bar. __Default value:__ the bar's direction color",
      },
      opacity: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'Opacity of the volume bars. __Default value:__ `0.5`',
      },
    },
    description: 'Size and style of the volume pane.',
  },
};

/**
 * The volume pane: a bar per price bar, in the bar's slot and direction color, on its own y
 * (starting at zero), with the dates on its axis. The walker puts it below the chart and shares x.
 * `layers` drawn over the bars (an export's crosshair) make it a layer; without, it stays a unit.
 */
export function volumePane<O extends FinancialOptions>(
  name: string,
  [before, after]: [JsonObject[], JsonObject[]],
  slots: BarSlots,
  encoding: JsonObject,
  fields: PriceFields,
  volume: { field: string; title?: string | null },
  options: O,
  layers?: JsonObject[],
): JsonObject {
  const style = isObject(options.volume) ? options.volume : {};
  const transform = [...before, ...slots.transform, ...after];
  const x = slots.continuous ? slots.span('left', 'right') : { x: { ...slots.center } };
  const bars: JsonObject = {
    mark: {
      type: 'bar',
      style: `${name}-volume`,
      opacity: typeof style['opacity'] === 'number' ? style['opacity'] : 0.5,
      minBandSize: 1,
      ...(slots.continuous ? {} : { width: { band: options.band } }),
    },
    encoding: {
      ...x,
      y: {
        field: volume.field,
        type: 'quantitative',
        title: volume.title === undefined ? 'Volume' : volume.title,
        // Short labels (80M, 1.2B: finance writes billions with a B, not SI's G); no zero at the
        // pane's foot, where it would sit on the date labels under it and the bars say it anyway.
        axis: paneAxis(
          { format: '~s', tickCount: 3, labelExpr: "datum.value === 0 ? '' : replace(datum.label, 'G', 'B')" },
          options,
        ),
      },
      y2: { datum: 0 },
      color: typeof style['color'] === 'string' ? { value: style['color'] } : directionColor(fields, options),
      ...(options.tooltip ? { tooltip: volumeTooltip(encoding['x'], volume) } : {}),
    },
  };
  return {
    ...(transform.length ? { transform } : {}),
    height: typeof style['height'] === 'number' ? style['height'] : VOLUME_PANE_HEIGHT,
    ...(layers?.length ? { layer: [bars, ...layers] } : bars),
  };
}
