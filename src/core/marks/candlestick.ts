import type { JsonObject } from '../json';
import {
  datum,
  expandFinancial,
  financialOptions,
  sharedTradingDayX,
  speakingPart,
  VOLUME_DEFINITIONS,
} from './financial';
import { declareOptions, option } from './shared/declare';
import { indicatorDefinitions } from './financial-indicators';
import { seriesIndicators } from './series-indicators';
import { configDefinition } from './shared/options';
import { partStyle } from './shared/parts';
import type { ExtensionMark, MarkSchema } from './types';

export const CANDLESTICK = 'candlestick';

/** Every option of the candlestick, declared once: schema, defaults and resolver follow. */
export const candlestickOptions = declareOptions(CANDLESTICK, {
  ...financialOptions('Share of the spacing between bars that a body takes.'),
  hollow: option.boolean({ default: false, description: 'Draw rising bodies as outlines.' }),
  wick: option.part({ default: true, description: 'The high–low line: `false` hides it; mark properties style it.' }),
  body: option.part({
    default: true,
    config: 'BarConfig',
    description: 'The open–close body: `false` hides it; mark properties style it.',
  }),
});

export type CandlestickOptions = typeof candlestickOptions.defaults;

const PRICE_CHANNEL_DEF = {
  type: 'object',
  additionalProperties: false,
  required: ['field'],
  properties: {
    field: { type: 'string', description: 'The data field holding this price.' },
    type: { const: 'quantitative', description: 'Prices are numbers (the only type the mark reads).' },
    title: {
      type: ['string', 'null'],
      description: 'The name of this price in tooltips. __Default value:__ the channel\'s, such as "Open"',
    },
  },
  description: 'A price field of a candlestick or ohlc mark.',
};

const CANDLESTICK_DEF = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  description: 'A candlestick: a wick from low to high and a body from open to close, colored by direction.',
  properties: {
    type: { const: CANDLESTICK, description: 'The mark type.' },
    ...candlestickOptions.schemaProperties(),
  },
};

export const candlestickSchema: MarkSchema = {
  def: 'CandlestickDef',
  definitions: {
    CandlestickDef: CANDLESTICK_DEF,
    CandlestickConfig: configDefinition(CANDLESTICK_DEF),
    PriceFieldDef: PRICE_CHANNEL_DEF,
    ...VOLUME_DEFINITIONS,
    ...indicatorDefinitions(),
  },
  channels: {
    open: { $ref: '#/definitions/PriceFieldDef', description: "Each bar's first price (candlestick, ohlc)." },
    high: { $ref: '#/definitions/PriceFieldDef', description: "Each bar's highest price (candlestick, ohlc)." },
    low: { $ref: '#/definitions/PriceFieldDef', description: "Each bar's lowest price (candlestick, ohlc)." },
    close: { $ref: '#/definitions/PriceFieldDef', description: "Each bar's last price (candlestick, ohlc)." },
    volume: {
      $ref: '#/definitions/VolumeFieldDef',
      description: "Each bar's traded volume, drawn in a pane below (candlestick, ohlc).",
    },
  },
  config: { $ref: '#/definitions/CandlestickConfig' },
};

/** A unit spec with the candlestick mark → a layer of a rule (wick) and a bar (body). */
export const candlestick: ExtensionMark = {
  name: CANDLESTICK,
  schema: candlestickSchema,
  options: candlestickOptions,
  tag: 'financial',
  sharedEncoding: (spec, inherited, ctx) => sharedTradingDayX(candlestickOptions, spec, inherited, ctx),
  // A line or area of prices takes the indicators too (the ohlc draws them alike, and lends nothing).
  lends: seriesIndicators,
  normalize(spec, ctx) {
    return expandFinancial(
      candlestickOptions,
      spec,
      ctx,
      ({ options: o, encoding, fields, price, slots, y, color, shared }) => {
        const layer: JsonObject[] = [];
        const body = partStyle(o.body);
        const speaking = speakingPart(o, encoding, fields);
        // The body's description names all four prices: the wick is left out of what a screen
        // reader reads (Vega-Lite would describe it too, formatting low and high for every bar).
        const quiet = body && speaking.description ? { aria: false } : {};
        const wick = partStyle(o.wick);
        if (wick && o.hollow) {
          // An outlined body stays empty: the wick stops at its edges, below and above.
          const segment = (from: string, to: string): JsonObject => ({
            mark: { type: 'rule', style: 'candlestick-wick', ...quiet, ...wick },
            encoding: { ...shared, x: slots.center, y: { ...y, field: from }, y2: { field: to }, color },
          });
          layer.push({
            transform: [
              { calculate: `min(${datum(price.open)}, ${datum(price.close)})`, as: '__body_low' },
              { calculate: `max(${datum(price.open)}, ${datum(price.close)})`, as: '__body_high' },
            ],
            layer: [segment(price.low, '__body_low'), segment('__body_high', price.high)],
          });
        } else if (wick) {
          layer.push({
            mark: { type: 'rule', style: 'candlestick-wick', ...quiet, ...wick },
            encoding: { ...shared, x: slots.center, y: { ...y, field: price.low }, y2: { field: price.high }, color },
          });
        }
        if (body) {
          // Hollow: rising bodies are outlined; the outline takes the direction color.
          const hollow = {
            stroke: color,
            fill: {
              condition: [
                { test: `${datum(fields.close)} > ${datum(fields.open)}`, value: 'transparent' },
                ...(color['condition'] as JsonObject[]).slice(1),
              ],
              value: o.unchanged,
            },
          };
          const bodyEncoding: JsonObject = {
            ...shared,
            ...slots.span('left', 'right'),
            y: { ...y, field: price.open },
            y2: { field: price.close },
            ...(o.hollow ? hollow : { color }),
            ...speaking,
          };
          layer.push({
            mark: {
              type: 'bar',
              style: 'candlestick-body',
              ...(slots.continuous ? {} : { width: { band: o.band } }),
              minBandSize: 1,
              ...(o.hollow ? { strokeWidth: 1 } : {}),
              ...body,
            },
            encoding: bodyEncoding,
          });
        }
        return layer;
      },
    );
  },
};
