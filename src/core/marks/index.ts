import { annotation } from './annotation';
import { candlestick } from './candlestick';
import { gauge } from './gauge';
import { ohlc } from './ohlc';
import type { ExtensionMark } from './types';

/**
 * The one registry of extension marks. The expander, the schema generator and the editor all
 * read this list; a mark exists once it is added here.
 */
export const marks: readonly ExtensionMark[] = [candlestick, ohlc, annotation, gauge];

export type { ExtensionMark, ExpandContext, MarkReport, MarkSchema, JsonObject } from './types';
