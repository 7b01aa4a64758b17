import type { JsonObject } from '../json';
import { expandFinancial, financialOptions, sharedTradingDayX, speakingPart } from './financial';
import { declareOptions, option } from './shared/declare';
import { configDefinition } from './shared/options';
import { partStyle } from './shared/parts';
import type { ExtensionMark, MarkSchema } from './types';

export const OHLC = 'ohlc';

/** Every option of the ohlc mark, declared once: schema, defaults and resolver follow. */
export const ohlcOptions = declareOptions(OHLC, {
  ...financialOptions('Share of the spacing between bars that the two ticks span.'),
  // Named `stem`, not `range`: `range` is the range the chart opens on (financialOptions).
  stem: option.part({ default: true, description: 'The high–low line: `false` hides it; mark properties style it.' }),
  open: option.part({ default: true, description: 'The open tick: `false` hides it; mark properties style it.' }),
  close: option.part({ default: true, description: 'The close tick: `false` hides it; mark properties style it.' }),
});

export type OhlcOptions = typeof ohlcOptions.defaults;

const OHLC_DEF = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  description: 'An OHLC bar: a line from low to high, a tick left at the open and right at the close.',
  properties: {
    type: { const: OHLC, description: 'The mark type.' },
    ...ohlcOptions.schemaProperties(),
  },
};

export const ohlcSchema: MarkSchema = {
  def: 'OhlcDef',
  definitions: {
    OhlcDef: OHLC_DEF,
    OhlcConfig: configDefinition(OHLC_DEF),
  },
  config: { $ref: '#/definitions/OhlcConfig' },
};

/**
 * A unit spec with the ohlc mark → a layer of a rule (high–low) and two half-band bars of one
 * pixel's height at open (left) and close (right): bars, not ticks, so they follow the band.
 */
export const ohlc: ExtensionMark = {
  name: OHLC,
  schema: ohlcSchema,
  options: ohlcOptions,
  tag: 'financial',
  sharedEncoding: (spec, inherited, ctx) => sharedTradingDayX(ohlcOptions, spec, inherited, ctx),
  normalize(spec, ctx) {
    return expandFinancial(
      ohlcOptions,
      spec,
      ctx,
      ({ options: o, encoding, fields, price, slots, y, color, shared }) => {
        const speaking = speakingPart(o, encoding, fields);
        const layer: JsonObject[] = [];
        const stem = partStyle(o.stem);
        if (stem) {
          layer.push({
            mark: { type: 'rule', style: 'ohlc-stem', strokeWidth: 1.5, ...stem },
            encoding: {
              ...shared,
              x: slots.center,
              y: { ...y, field: price.low },
              y2: { field: price.high },
              color,
              ...speaking,
            },
          });
        }
        // Each tick is a thin bar from the bar's position to its side of the slot: open left,
        // close right. On a discrete x, where slots cannot be split, ticks are centred.
        // The stem's description names all four prices: the ticks are left out of what a screen
        // reader reads (Vega-Lite would describe each of them too).
        const quiet = stem && speaking.description ? { aria: false } : {};
        const tick = (which: 'open' | 'close', style: JsonObject) => ({
          mark: {
            type: 'bar',
            style: `ohlc-${which}`,
            ...quiet,
            yOffset: -0.75,
            y2Offset: 0.75,
            ...(slots.continuous ? {} : { width: { band: o.band } }),
            ...style,
          },
          encoding: {
            ...shared,
            ...(which === 'open' ? slots.span('left', 'center') : slots.span('center', 'right')),
            y: { ...y, field: price[which] },
            y2: { field: price[which] },
            color,
          },
        });
        const open = partStyle(o.open);
        if (open) layer.push(tick('open', open));
        const close = partStyle(o.close);
        if (close) layer.push(tick('close', close));
        return layer;
      },
    );
  },
};
