// Settings every part of the bench shares: where things are, how many runs, the timeouts, the targets.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'dist');
export const RESULTS = join(ROOT, 'bench', 'results.json');
/** Generated experiment workers (git-ignored), served under /__bench/w/. */
export const STRATEGIES_DIR = join(ROOT, 'bench', '.out', 'strategies');
/** The financial page (bench/financial/, built by bench/financial.mjs), served under /__bench/f/. */
export const FINANCIAL_DIR = join(ROOT, 'bench', '.out', 'financial');
/** The app's script policy, sent with the financial page so that it runs as the app does. */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:";

export const COLD_LOADS = 5;
export const EDITS = 20;
export const IDLE_QUIET_MS = 8000; // "idle": no request started or finished for this long…
export const IDLE_MAX_MS = 25000; // …but never wait longer than this after the first chart
export const DRAW_TIMEOUT_MS = 20000;
export const VALIDATED_TIMEOUT_MS = 30000; // load → first 'chartspec:validated' mark, at most
export const STRATEGY_RUNS = 5; // fresh contexts per validation strategy
export const STRATEGY_TIMEOUT_MS = 60000;
export const WARM_VALIDATIONS = { typical: 25, rows_10k: 21 };
export const OVERALL_TIMEOUT_MS = 900000;
/** Typing into the 10k-row spec: keys, and the pause between them (about 8 keys a second). */
export const TYPING_ROWS = 10000;
export const TYPING_KEY_GAP_MS = 120;

/**
 * Zoom, pan and append on the financial page (bench/measures/interaction.mjs): bar counts, the
 * range both charts are brought to before the measured events (bars on screen), how many events
 * of each kind are measured, and how many bars are appended one at a time.
 */
export const INTERACTION = {
  sizes: [100000, 1000000],
  visibleBars: 1500,
  wheelEvents: 60,
  dragMoves: 60,
  appendBars: 100000,
  appends: 15,
  profileEvents: 20,
};

export const TARGETS = {
  firstChartMs: 1000,
  keystrokeP50Ms: 300,
  longTaskMs: 50,
  candleRatio100k: 0.5,
  candleRatio1M: 0.3,
  candle1MMs: 1000,
  overheadRatio: 1.05,
  jsGzipBeforeFirstChart: 450 * 1000, // kB = 1000 bytes, like Vite's build report
  firstValidationMs: 500,
  typicalValidationMs: 0.2,
  interactionRatioP95: 1.0, // Chartspec / lightweight-charts, event → painted frame, every row
  interactionWorkP95Ms: 10, // Chartspec's main-thread work per event at 100k bars
  appendRatio: 1.0,
  indicatorsRatio: 1.25, // a million bars with three indicators / without, first draw
};

/** The header the CSP check serves an experiment worker with (a worker obeys its own response's CSP). */
export const WORKER_CSP = "script-src 'self'";

export const log = (...a) => console.error('[bench]', ...a);

export class BenchError extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}
