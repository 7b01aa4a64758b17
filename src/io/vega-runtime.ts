import * as vega from 'vega';
import type { LoggerInterface } from 'vega-util';
import { expressionInterpreter } from 'vega-interpreter';
import type { EmbedOptions } from 'vega-embed';
import { readDelimited, type DsvFormat } from './dsv';
import { captureLogger, type LogEntry } from '../core/logger';

type Reader = ((data: string, format: DsvFormat) => unknown) & { responseType?: string };

function delimited(delimiter?: string): Reader {
  const reader: Reader = (data, format) => readDelimited(data, format ?? {}, delimiter ?? format?.delimiter ?? ',');
  reader.responseType = 'text';
  return reader;
}

// vega re-exports vega-loader's `formats` registry; its typings just do not declare it.
const formats = (vega as unknown as { formats(name: string, reader: Reader): void }).formats;

let installed = false;

/** Replaces Vega's CSV/TSV/DSV readers with ones that work under the page's CSP. Once. */
export function installCspSafeFormats(): void {
  if (installed) return;
  installed = true;
  formats('csv', delimited(','));
  formats('tsv', delimited('\t'));
  formats('dsv', delimited());
}

let sink: (entry: LogEntry) => void = () => {};

/** Where Vega's runtime warnings and errors go (the chart view points it at its Problems). */
export function setRuntimeSink(fn: (entry: LogEntry) => void): void {
  sink = fn;
}

const runtimeLogger: LoggerInterface = captureLogger((e) => sink(e), 2);

/**
 * Made once: react-vega re-embeds whenever its options change, so they must stay the same object.
 * `ast` + the interpreter: expressions are evaluated without `new Function`.
 */
export const EMBED_OPTIONS: EmbedOptions = Object.freeze({
  mode: 'vega',
  renderer: 'svg',
  actions: false,
  ast: true,
  expr: expressionInterpreter,
  logger: runtimeLogger,
  logLevel: 2,
  tooltip: true,
  defaultStyle: false,
}) as EmbedOptions;
