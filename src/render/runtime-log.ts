import type { LoggerInterface } from 'vega-util';
import { captureLogger, type LogEntry } from '../core/logger';

// Vega's runtime messages, as log entries for the Problems list.

let sink: (entry: LogEntry) => void = () => {};

/** Where Vega's runtime warnings and errors go (the chart view points it at its Problems). */
export function setRuntimeSink(fn: (entry: LogEntry) => void): void {
  sink = fn;
}

/** The logger every chart's view is given: what it logs goes to the sink. */
export const runtimeLogger: LoggerInterface = captureLogger((e) => sink(e), 2);
