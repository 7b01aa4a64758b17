import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vega from 'vega';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledDatasetMessage } from '../../../src/core/dataset-url';
import { runPipeline } from '../../../src/core/pipeline';
import { BIN, ROOT, countMarks, pngSize, scratch, svgSize, type RunResult } from '../../cli/helpers';
import { blankBands, pngPixels } from './pixels';

/**
 * `node bin/chartspec.mjs render` as a user runs it. The command runs with the network taken
 * away (fetch and every socket refuse), so a chart that draws proves its data came from the disk.
 */

/** Loaded before the command line: any attempt to reach the network fails loudly. */
const OFFLINE = `data:text/javascript,${encodeURIComponent(`
import net from 'node:net';
const refuse = (what) => { throw new Error('offline test: no network (' + String(what).slice(0, 80) + ')'); };
globalThis.fetch = async (url) => refuse(url);
net.Socket.prototype.connect = function (...args) { refuse(JSON.stringify(args[0])); };
`)}`;

function offlineChartspec(args: string[], cwd: string): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', OFFLINE, BIN, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (status) =>
      done({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/**
 * Runs the command; once more if the bundle's files vanished under it (tests/cli/cli.test.ts
 * deletes dist-cli/ to test the launcher's first-run build, and may do so while this runs).
 */
async function run(args: string[], cwd: string): Promise<RunResult> {
  const r = await offlineChartspec(args, cwd);
  return /ERR_MODULE_NOT_FOUND|Cannot find module/.test(r.stderr) ? offlineChartspec(args, cwd) : r;
}

const JSDELIVR_CARS = 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json';
const cdnCars = (url: string) =>
  JSON.stringify(
    {
      data: { url },
      mark: 'point',
      encoding: {
        x: { field: 'Horsepower', type: 'quantitative' },
        y: { field: 'Miles_per_Gallon', type: 'quantitative' },
      },
    },
    null,
    2,
  );

const files = scratch({
  'cdn-cars.json': cdnCars(JSDELIVR_CARS),
  'cdn-missing.json': cdnCars('https://cdn.jsdelivr.net/npm/vega-datasets@2/data/not-in-the-package.json'),
});
afterAll(() => files.remove());

describe('chartspec render: vega-datasets URLs offline', () => {
  it('draws a spec that names cars.json on jsDelivr from the bundled copy, with a note at the URL', async () => {
    const r = await run(['render', 'cdn-cars.json', '-o', 'cars.svg'], files.dir);
    // Line 3 is `    "url": "https://…"`; column 12 is the value.
    expect(r.stderr).toBe(`cdn-cars.json:3:12: info: ${bundledDatasetMessage('cars.json')}\n`);
    expect(r.status).toBe(0);
    const cars = JSON.parse(readFileSync(join(ROOT, 'node_modules/vega-datasets/data/cars.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const drawable = cars.filter((c) => c['Horsepower'] != null && c['Miles_per_Gallon'] != null).length;
    expect(countMarks(readFileSync(join(files.dir, 'cars.svg'), 'utf8'), 'point')).toBe(drawable);
  });

  it('leaves a URL for a file the package lacks as written: it is fetched, and here the network is off', async () => {
    const r = await run(['render', 'cdn-missing.json', '-o', 'missing.svg'], files.dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^cdn-missing\.json:3:12: error: Could not load .*offline test: no network/m);
    expect(r.stderr).not.toContain('bundled vega-datasets');
  });
});

/** How wide the page draws a spec: Vega's own layout (plot width, the room left of it, padding). */
async function pageWidth(file: string): Promise<number> {
  const { vega: spec } = runPipeline(readFileSync(file, 'utf8'));
  const view = new vega.View(vega.parse(spec!), { renderer: 'none' });
  await view.runAsync();
  const padding = view.padding() as { left: number; right: number };
  const width = view.origin()[0] + view.width() + padding.left + padding.right;
  view.finalize();
  return width;
}

describe('chartspec render: the chart at its own size', () => {
  it('draws candlestick-volume as wide as the page does, not with a band of empty space', async () => {
    const example = join(ROOT, 'examples/candlestick-volume.vl.json');
    const r = await run(['render', example, '-o', 'candles.png'], files.dir);
    expect(r.status).toBe(0);
    const png = readFileSync(join(files.dir, 'candles.png'));
    const expected = await pageWidth(example);
    expect(Math.abs(pngSize(png).width - expected)).toBeLessThanOrEqual(6);
  });

  // A single view, a long subtitle over two panes, a facet, a legend on the right.
  it.each(['candlestick-volume', 'bar-simple', 'facet-cars', 'interaction-legend-highlight'])(
    '%s: no blank band wider than 40 px on any side of the PNG, and the SVG is as big',
    async (name) => {
      const example = join(ROOT, `examples/${name}.vl.json`);
      const r = await run(['render', example, '-o', `${name}.png`], files.dir);
      expect(r.status, r.stderr).toBe(0);
      const png = readFileSync(join(files.dir, `${name}.png`));
      const bands = blankBands(pngPixels(png));
      for (const side of ['top', 'right', 'bottom', 'left'] as const) expect(bands[side], side).toBeLessThanOrEqual(40);
      // The SVG has the PNG's size (the PNG is drawn from it).
      expect((await run(['render', example, '-o', `${name}.svg`], files.dir)).status).toBe(0);
      expect(svgSize(readFileSync(join(files.dir, `${name}.svg`), 'utf8'))).toEqual(pngSize(png));
    },
  );
});

describe('chartspec render: indicators on a line', () => {
  it('computes them as the page does: each line from the end of its warm-up, labelled', async () => {
    const example = join(ROOT, 'examples/indicators-line-close.vl.json');
    const r = await run(['render', example, '-o', 'line-indicators.svg'], files.dir);
    expect(r.status, r.stderr).toBe(0);
    const svg = readFileSync(join(files.dir, 'line-indicators.svg'), 'utf8');
    /** The points of each path drawn in a color. */
    const points = (color: string) =>
      [...svg.matchAll(/<path[^>]*>/g)]
        .filter((m) => m[0].includes(`stroke="${color}"`))
        .map((m) => (/ d="([^"]*)"/.exec(m[0])?.[1] ?? '').split(/[ML]/).filter((p) => p.trim()).length);
    // 68 months: the SMA 6 from the 6th, the Bollinger middle line (12) from the 12th, the RSI 14
    // from the 15th, each in a color of its own.
    expect(points('#2962ff')).toEqual([63]);
    expect(points('#64748b')).toEqual([57]);
    expect(points('#7c3aed')).toEqual([54]);
    for (const label of ['SMA 6', 'BB 12 2', 'RSI 14']) expect(svg).toContain(`>${label}<`);
  });
});
