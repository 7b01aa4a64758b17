import { annotation } from './annotation';
import { candlestick } from './candlestick';
import { gauge } from './gauge';
import { ohlc } from './ohlc';
import { registerMarks } from './registry';
import type { ExtensionMark } from './types';

/**
 * The one registry of extension marks. The expander, the schema generator and the editor all
 * read this list; a mark exists once it is added here.
 */
export const marks: readonly ExtensionMark[] = [candlestick, ohlc, annotation, gauge];

// A program that imports this list expands every mark by default (see ./registry.ts).
registerMarks(marks);

export type { ExtensionMark, ExpandContext, MarkReport, MarkSchema, JsonObject } from './types';
