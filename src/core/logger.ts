import type { LoggerInterface } from 'vega-util';

export interface LogEntry {
  level: 'error' | 'warn' | 'info';
  message: string;
}

function stringify(args: unknown[]): string {
  return args
    .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : safeJson(a)))
    .join(' ')
    .trim();
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** A Vega/Vega-Lite logger that records messages instead of printing them. */
export function captureLogger(sink: (entry: LogEntry) => void, levelNumber = 2): LoggerInterface {
  let lvl = levelNumber;
  const logger: LoggerInterface = {
    level(n?: number) {
      if (n === undefined) return lvl;
      lvl = n;
      return logger;
    },
    error(...args: unknown[]) {
      sink({ level: 'error', message: stringify(args) });
      return logger;
    },
    warn(...args: unknown[]) {
      if (lvl >= 2) sink({ level: 'warn', message: stringify(args) });
      return logger;
    },
    info(...args: unknown[]) {
      if (lvl >= 3) sink({ level: 'info', message: stringify(args) });
      return logger;
    },
    debug() {
      return logger;
    },
  };
  return logger;
}
