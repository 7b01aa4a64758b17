// Screenshots of the app's views in light and dark, wide and narrow, for docs/screenshots/.
// Usage: node scripts/screenshots.mjs [outDir]   (builds into dist-shots and serves it itself)
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './ensure-chromium.mjs';

const out = process.argv[2] ?? 'docs/screenshots';
/** Only these views when named after the folder (e.g. `gallery help`); all by default. */
const only = process.argv.slice(3);
const PORT = 4490;
const base = `http://127.0.0.1:${PORT}`;

/** Each view: how to get there from a fresh page showing the welcome chart. */
const VIEWS = {
  editor: async () => {},
  gallery: async (page) => page.getByTestId('gallery-button').click(),
  help: async (page) => page.getByTestId('help-button').click(),
  compiled: async (page) => page.getByRole('tab', { name: 'Compiled' }).click(),
  data: async (page) => page.getByRole('tab', { name: 'Data' }).click(),
  'dark-candles': async (page) => page.goto(`${base}/#/example/candlestick-hollow-dark`),
  // A million bars, merged to a candle per pixel column: the densest wicks and bodies drawn.
  million: async (page) => {
    await page.goto(`${base}/#/example/candlestick-million-bars`);
    await page.waitForSelector('.chart-pane[data-state="ready"]', { timeout: 60000 });
  },
  // A composition (candles over volume, a gauge, lines, bars) sized to the pane.
  dashboard: async (page) => page.goto(`${base}/#/example/financial-dashboard`),
  // An explorable chart: range buttons, the crosshair and readout over a bar, the navigator.
  explore: async (page) => {
    await page.goto(`${base}/#/example/candlestick-range-buttons`);
    await page.waitForSelector('[data-testid="navigator"]');
    await page.waitForSelector('.chart-pane[data-state="ready"]');
    const chart = await page.getByTestId('chart').boundingBox();
    await page.mouse.move(chart.x + chart.width * 0.55, chart.y + chart.height * 0.35);
  },
  // A replay a few bars in: the pause and start-over buttons, the view following the newest bar.
  replay: async (page) => {
    await page.goto(`${base}/#/example/candlestick-live-replay`);
    await page.waitForSelector('[data-testid="replay-play"]');
    await page.waitForTimeout(2500);
  },
  // Indicators: Bollinger Bands over the prices, RSI and MACD in panes of their own.
  indicators: async (page) => {
    await page.goto(`${base}/#/example/indicators-trading-dashboard`);
    await page.waitForSelector('.chart-pane[data-state="ready"]');
  },
  ichimoku: async (page) => {
    await page.goto(`${base}/#/example/indicators-ichimoku`);
    await page.waitForSelector('.chart-pane[data-state="ready"]');
  },
  vwap: async (page) => {
    await page.goto(`${base}/#/example/indicators-intraday-vwap`);
    await page.waitForSelector('.chart-pane[data-state="ready"]');
  },
};

execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', 'dist-shots'], { stdio: 'inherit' });
const server = spawn(
  'npx',
  ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', 'dist-shots'],
  { stdio: 'ignore', detached: true },
);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const errors = [];
try {
  await new Promise((r) => setTimeout(r, 2500));
  for (const scheme of ['light', 'dark'])
    for (const width of [1440, 800])
      for (const [name, go] of Object.entries(VIEWS).filter(([n]) => !only.length || only.includes(n))) {
        const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
        const page = await context.newPage();
        page.on('console', (m) => m.type() === 'error' && errors.push(`${name} ${scheme} ${width}: ${m.text()}`));
        await page.goto(base + '/');
        await page.waitForSelector('[data-editor-status="ready"]');
        await page.waitForSelector('.chart-pane[data-state="ready"]');
        await go(page);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `${out}/${name}-${scheme}-${width}.png` });
        await context.close();
      }
} finally {
  await browser.close();
  process.kill(-server.pid);
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
}
console.log(`screenshots in ${out}/`);
