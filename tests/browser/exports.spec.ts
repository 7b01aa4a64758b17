import { readFileSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect, test, type Browser, type Download, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { CANDLE_ENCODING, dailyBars, DAY, START } from './daily-bars';
import { BAR } from './fixtures';
import { chartPane, openWith, pasteText, watch } from './helpers';

/**
 * The exports a user downloads, each opened as the user would: the PDF's pages and text, the
 * standalone HTML page from disk with the network cut, the Vega-Lite file in a chart theme; and
 * the question asked before exporting the last good chart, and the Vega Editor link.
 */

const bytesOf = async (d: Download) => readFileSync((await d.path())!);

async function exportAs(page: Page, kind: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  await page.locator(`[data-export="${kind}"]`).click();
  return download;
}

/** A scatter of a data file the app serves, with a tooltip and a brush: loads by URL and is interactive. */
const CARS = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "title": "Cars <by> power",
  "description": "Horsepower against miles per gallon, one point a car.",
  "data": {"url": "data/cars.json"},
  "params": [{"name": "brush", "select": "interval"}],
  "mark": {"type": "point", "filled": true, "size": 60},
  "encoding": {
    "x": {"field": "Horsepower", "type": "quantitative"},
    "y": {"field": "Miles_per_Gallon", "type": "quantitative"},
    "color": {"condition": {"param": "brush", "value": "#d62728"}, "value": "#bbbbbb"},
    "tooltip": [{"field": "Name"}, {"field": "Horsepower"}]
  }
}`;

/**
 * Daily candlesticks with a volume pane, the price axis on the right and a moving average in the
 * same layer: the exported crosshair runs through both panes and keeps to its own layers.
 */
const BARS = dailyBars(60);
const CANDLES = JSON.stringify(
  {
    data: { values: BARS },
    width: 600,
    height: 260,
    encoding: {
      x: { field: 'date', type: 'temporal', title: null },
      y: { title: 'Price' },
      open: { field: 'open' },
      high: { field: 'high' },
      low: { field: 'low' },
      close: { field: 'close' },
      volume: { field: 'v' },
    },
    layer: [
      { mark: { type: 'candlestick', priceAxis: 'right' } },
      {
        transform: [{ window: [{ op: 'mean', field: 'close', as: 'ma' }], frame: [-4, 0], sort: [{ field: 'date' }] }],
        mark: { type: 'line', color: '#2563eb' },
        encoding: { y: { field: 'ma', type: 'quantitative' } },
      },
    ],
  },
  null,
  2,
);

/** Vega, Vega-Lite and vega-embed from the packages, as a plain page outside the app would load them. */
const PLAIN_SCRIPTS = [
  'vega/build/vega.min.js',
  'vega-lite/build/vega-lite.min.js',
  'vega-embed/build/vega-embed.min.js',
];

/** An offline page with only Vega, Vega-Lite and vega-embed on it, and a `#chart` to embed into. */
async function plainPage(browser: Browser) {
  const context = await browser.newContext({ offline: true, viewport: { width: 900, height: 700 } });
  const plain = await context.newPage();
  const seen = await watch(plain);
  await plain.setContent('<div id="chart"></div>');
  for (const script of PLAIN_SCRIPTS)
    await plain.addScriptTag({
      content: readFileSync(new URL(`../../node_modules/${script}`, import.meta.url), 'utf8'),
    });
  return { context, plain, seen };
}

/** The readout of bar i as the export writes it (prices to the cent), spaces aside. */
const readoutOf = (i: number) => {
  const b = BARS[i]!;
  return `O ${b.open.toFixed(2)} H ${b.high.toFixed(2)} L ${b.low.toFixed(2)} C ${b.close.toFixed(2)}`;
};

/** The x of the crosshair's lines and the readout's text, in a page drawn in SVG. */
async function crosshairOf(page: Page): Promise<{ lines: number[]; text: string }> {
  // The line's color, which nothing else in this chart has (src/core/marks/financial-crosshair.ts).
  const lines = await page.locator('svg [stroke="#6b7280"]').evaluateAll((els) =>
    els
      .filter((e) => getComputedStyle(e).opacity !== '0' && e.getAttribute('opacity') !== '0')
      .map((e) => {
        const box = e.getBoundingClientRect();
        return box.left + box.width / 2;
      }),
  );
  const text = (await page.locator('svg text').allTextContents()).join(' ').replace(/\s+/g, ' ');
  return { lines, text };
}

/** The objects of a PDF's content streams, inflated (jsPDF compresses them). */
function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at);
    if (start < 0) break;
    const from = start + 'stream'.length + (pdf[start + 6] === 0x0d ? 2 : 1);
    const end = pdf.indexOf('endstream', from);
    const header = pdf.subarray(Math.max(0, start - 200), start).toString('latin1');
    const body = pdf.subarray(from, end);
    try {
      out.push(header.includes('FlateDecode') ? inflateSync(body).toString('latin1') : body.toString('latin1'));
    } catch {
      // A stream that is not deflate (an image) holds no text.
    }
    at = end + 'endstream'.length;
  }
  return out;
}

test.describe('exports', () => {
  test('PDF: one page of the chart’s size, vector, with its text; jsPDF loaded only when asked for', async ({
    page,
  }) => {
    const seenInApp = await watch(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await openWith(page, BAR);
    const box = (await page.locator('[data-testid="chart"] svg').first().boundingBox())!;
    expect(requests.filter((u) => /jspdf|svg2pdf/.test(u))).toEqual([]);

    const pdf = await exportAs(page, 'pdf');
    expect(pdf.suggestedFilename()).toBe('chart.pdf');
    const bytes = await bytesOf(pdf);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(requests.some((u) => /jspdf/.test(u))).toBe(true);
    const text = bytes.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // The page is the chart's size: CSS pixels at 0.75 points each (96 to the inch).
    const [, , w, h] = /\/MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/
      .exec(text)!
      .slice(1)
      .map(Number) as number[];
    expect(Math.abs(w! - box.width * 0.75)).toBeLessThan(1.5);
    expect(Math.abs(h! - box.height * 0.75)).toBeLessThan(1.5);
    // Text stays text (shown with Tj in a standard font), and the bars are paths, not an image.
    const content = pdfStreams(bytes).join('\n');
    expect(content).toMatch(/\(Fruit\) Tj/);
    expect(content).toMatch(/\(banana\) Tj/);
    expect(content).toMatch(/ re\b|\bh\b/);
    expect(text).not.toContain('/Subtype /Image');
    // Under the app's own policy (no eval): jsPDF and svg2pdf.js need none.
    expect(seenInApp.consoleErrors).toEqual([]);
    expect(seenInApp.cspViolations).toEqual([]);
  });

  test('standalone HTML: draws offline from disk under its own CSP, with its data, title and interaction', async ({
    page,
    browser,
  }, info) => {
    await openWith(page, CARS);
    // Cars with both values (Vega-Lite leaves out the rest), as the app draws them.
    const onScreen = await page.locator('[data-testid="chart"] svg g.mark-symbol path').count();
    expect(onScreen).toBeGreaterThan(300);
    const download = await exportAs(page, 'html');
    expect(download.suggestedFilename()).toBe('chart.html');
    const html = (await bytesOf(download)).toString('utf8');
    expect(html).not.toContain('data/cars.json');
    const file = info.outputPath('chart.html');
    writeFileSync(file, html);

    // A browser with no network at all: any web request is refused and noted.
    const context = await browser.newContext({ offline: true });
    const requested: string[] = [];
    await context.route(/^(https?|wss?):/, (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    const offline = await context.newPage();
    const seen = await watch(offline);
    offline.on('request', (r) => {
      if (!r.url().startsWith('file:')) requested.push(r.url());
    });
    await offline.goto(`file://${file}`);
    const points = offline.locator('#chart svg g.mark-symbol path');
    await expect(points).toHaveCount(onScreen);
    await expect(offline).toHaveTitle('Cars <by> power');
    await expect(offline.locator('.description')).toHaveText('Horsepower against miles per gallon, one point a car.');
    await expect(offline.locator('#chart svg')).toContainText('Cars <by> power');

    // Tooltips: Vega's own (the `title` of the chart's element), from the item under the pointer.
    const first = (await points.first().boundingBox())!;
    await offline.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await expect.poll(() => offline.locator('#chart').getAttribute('title')).toMatch(/Name: .+\nHorsepower: \d+/);
    // A brush drawn by dragging selects the points under it: red, the others grey (an empty brush selects all).
    const area = await points.evaluateAll((els) => {
      const boxes = els.map((e) => e.getBoundingClientRect());
      return {
        left: Math.min(...boxes.map((b) => b.left)),
        right: Math.max(...boxes.map((b) => b.right)),
        top: Math.min(...boxes.map((b) => b.top)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
      };
    });
    const red = () => offline.locator('#chart svg g.mark-symbol path[fill="#d62728"]').count();
    expect(await red()).toBe(onScreen);
    await offline.mouse.move(area.left + 2, area.top + 2);
    await offline.mouse.down();
    await offline.mouse.move((area.left + area.right) / 2, area.bottom - 2, { steps: 5 });
    await offline.mouse.up();
    await expect.poll(red).toBeLessThan(onScreen - 10);
    expect(await red()).toBeGreaterThan(10);

    expect(seen.consoleErrors).toEqual([]);
    expect(seen.cspViolations).toEqual([]);
    expect(requested).toEqual([]);

    // The policy holds: the same page with its drawing script changed by one character is
    // refused by the browser and draws nothing.
    const tampered = info.outputPath('tampered.html');
    writeFileSync(tampered, html.replace("'The chart could not be drawn: '", "'The chart could not be drawn:  '"));
    const other = await context.newPage();
    const refused = await watch(other);
    await other.goto(`file://${tampered}`);
    await expect.poll(() => refused.cspViolations.join()).toContain('script-src');
    await expect(other.locator('#chart svg')).toHaveCount(0);
    await context.close();
  });

  test('standard Vega-Lite in the excel theme carries its config under the spec’s own', async ({ page }) => {
    const own = BAR.replace(
      '"mark": "bar",',
      '"mark": "bar",\n  "config": {"axis": {"gridColor": "#ff0000"}},',
    ).replace(
      '"y": {"field": "n", "type": "quantitative"}',
      '"y": {"field": "n", "type": "quantitative"},\n    "color": {"field": "fruit", "type": "nominal"}',
    );
    await openWith(page, own);
    await page.getByTestId('view-button').click();
    await page.getByTestId('chart-theme').selectOption('excel');
    await page.keyboard.press('Escape');
    // The chart on screen is in the theme: excel's first category color.
    await expect(page.locator('[data-testid="chart"] svg .mark-rect path').first()).toHaveAttribute('fill', '#4572a7');
    const spec = JSON.parse((await bytesOf(await exportAs(page, 'vega-lite'))).toString('utf8'));
    expect(spec.config.range.category[0]).toBe('#4572a7');
    expect(spec.config.axis.tickSize).toBe(5);
    expect(spec.config.axis.gridColor).toBe('#ff0000');
    // The Vega export is compiled in it too.
    const vg = JSON.parse((await bytesOf(await exportAs(page, 'vega'))).toString('utf8'));
    expect(vg.config.range.category[0]).toBe('#4572a7');
  });

  test('an export while the text has errors asks first: the last good chart, or nothing', async ({ page }) => {
    await openWith(page, BAR);
    await pasteText(page, BAR.replace('"mark": "bar",', '"mark": "bar",,'));
    await expect(chartPane(page)).toHaveAttribute('data-state', 'stale');
    let downloads = 0;
    page.on('download', () => downloads++);

    await page.getByTestId('export-button').click();
    await page.locator('[data-export="png1"]').click();
    const dialog = page.getByRole('dialog', { name: 'Export the last good chart?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('exports the last good chart on screen, not the current text');
    // The action's own words have the focus; Cancel exports nothing.
    await expect(dialog.getByRole('button', { name: 'Export the last good chart' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Escape is a Cancel too.
    await page.getByTestId('export-button').click();
    await page.locator('[data-export="svg"]').click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(300);
    expect(downloads).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    await page.locator('[data-export="svg"]').click();
    await dialog.getByRole('button', { name: 'Export the last good chart' }).click();
    const svg = (await bytesOf(await download)).toString('utf8');
    expect(svg).toContain('Fruit');
    await expect(dialog).toBeHidden();
  });

  test('the share panel links to the Vega Editor with the standard Vega-Lite, in a new tab', async ({ page }) => {
    const gauge = readFileSync(new URL('../../examples/gauge-kpi-dashboard.vl.json', import.meta.url), 'utf8');
    await openWith(page, gauge);
    await page.getByTestId('share').click();
    const link = page.getByTestId('vega-editor-link');
    await expect(link).toHaveAttribute('target', '_blank');
    expect((await link.getAttribute('rel'))!.split(' ')).toContain('noopener');
    const href = (await link.getAttribute('href'))!;
    const prefix = 'https://vega.github.io/editor/#/url/vega-lite/';
    expect(href.startsWith(prefix)).toBe(true);
    const spec = JSON.parse(LZString.decompressFromEncodedURIComponent(href.slice(prefix.length))!);
    expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    // Plain Vega-Lite: the gauge is expanded into standard marks.
    expect(JSON.stringify(spec)).not.toMatch(/"(mark|type)":"gauge"/);
    expect(spec).toEqual(JSON.parse((await bytesOf(await exportAs(page, 'vega-lite'))).toString('utf8')));
  });

  test('the exported Vega-Lite and HTML keep a crosshair: the line at the bar under the pointer, its readout', async ({
    page,
    browser,
  }, info) => {
    await openWith(page, CANDLES);
    const spec = JSON.parse((await bytesOf(await exportAs(page, 'vega-lite'))).toString('utf8'));
    const html = (await bytesOf(await exportAs(page, 'html'))).toString('utf8');
    const file = info.outputPath('candles.html');
    writeFileSync(file, html);

    // The standard Vega-Lite in a plain page: Vega, Vega-Lite and vega-embed, nothing of the app.
    const { context, plain, seen } = await plainPage(browser);
    const i = 40;
    // Where bar i's time is on the page: the view's origin, the price view's, and the shared x scale.
    const at = await plain.evaluate(
      async ({ spec, t }) => {
        interface Group {
          name?: string;
          items: { x: number; y: number; height: number; items: Group[] }[];
        }
        interface PlainView {
          origin(): [number, number];
          padding(): { left: number; top: number };
          scenegraph(): { root: Group };
          scale(name: string): (v: number) => number;
        }
        const w = window as unknown as {
          vegaEmbed: (el: string, spec: unknown, opts: object) => Promise<{ view: PlainView }>;
        };
        const { view } = await w.vegaEmbed('#chart', spec, { renderer: 'svg', actions: false });
        const svg = document.querySelector('#chart svg')!.getBoundingClientRect();
        // Where Vega draws its origin: the padding, then the origin inside it (as its renderer does).
        const [ox, oy] = [view.origin()[0] + view.padding().left, view.origin()[1] + view.padding().top];
        const groups = view.scenegraph().root.items[0]!.items;
        const price = groups.find((m) => m.name === 'concat_0_group')!.items[0]!;
        return {
          x: svg.left + ox + price.x + view.scale('x')(t),
          y: svg.top + oy + price.y + price.height / 2,
          left: svg.left,
          top: svg.top,
        };
      },
      { spec, t: START + i * DAY },
    );
    const before = await crosshairOf(plain);
    // Away from the plot: no line, the last bar's readout.
    expect(before.lines).toEqual([]);
    expect(before.text).toContain(readoutOf(59));
    await plain.mouse.move(at.x + 1, at.y);
    await expect.poll(async () => (await crosshairOf(plain)).lines.length).toBe(2);
    const shown = await crosshairOf(plain);
    // One line in the price view, one in the volume pane, both at the bar's time.
    for (const x of shown.lines) expect(Math.abs(x - at.x)).toBeLessThan(1.5);
    expect(shown.text).toContain(readoutOf(i));
    const date = new Date(START + i * DAY).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    expect(shown.text).toContain(date);
    await plain.screenshot({ path: info.outputPath('exported-crosshair.png') });
    // Off the chart again, the line goes.
    await plain.mouse.move(at.x + 200, at.top - 50);
    await expect.poll(async () => (await crosshairOf(plain)).lines.length).toBe(0);
    expect(seen.consoleErrors).toEqual([]);

    // The standalone HTML page: the app's Vega, with the crosshair, under its own CSP.
    const offline = await context.newPage();
    const seenOffline = await watch(offline);
    await offline.goto(`file://${file}`);
    await expect(offline.locator('#chart svg')).toHaveCount(1);
    const svg = (await offline.locator('#chart svg').boundingBox())!;
    await offline.mouse.move(svg.x + (at.x - at.left) + 1, svg.y + (at.y - at.top));
    await expect.poll(async () => (await crosshairOf(offline)).lines.length).toBe(2);
    for (const x of (await crosshairOf(offline)).lines)
      expect(Math.abs(x - (svg.x + at.x - at.left))).toBeLessThan(1.5);
    expect((await crosshairOf(offline)).text).toContain(readoutOf(i));
    expect(seenOffline.consoleErrors).toEqual([]);
    expect(seenOffline.cspViolations).toEqual([]);
    await context.close();
  });

  // On a candlestick, and on a line of the closes (whose own line, in a color of its own, is not counted).
  const SERIES = '#123456';
  for (const [drawn, mark, encoding] of [
    ['a candlestick', { type: 'candlestick' }, CANDLE_ENCODING],
    ['a line', { type: 'line', color: SERIES }, { x: CANDLE_ENCODING.x, y: { field: 'close', type: 'quantitative' } }],
  ] as const) {
    test(`the exported Vega-Lite draws the indicators of ${drawn} in a plain page, with the values the app computed`, async ({
      page,
      browser,
    }) => {
      const text = JSON.stringify({
        data: { values: dailyBars(120) },
        width: 600,
        height: 200,
        mark: { ...mark, indicators: ['ema', 'rsi'] },
        encoding,
      });
      await openWith(page, text);
      const spec = JSON.parse((await bytesOf(await exportAs(page, 'vega-lite'))).toString('utf8'));
      // The values ride in data sets: nothing of the app's is needed to draw them.
      expect(Object.keys(spec.datasets)).toEqual(['chartspec_indicators', 'chartspec_indicators_2']);
      expect(JSON.stringify(spec)).not.toContain('__indicators"');

      /**
       * Each indicator line's points as [date, value], read off a view's scene: the EMA's over the
       * prices (the first view), the RSI's in its pane (the second). A line reads only its own
       * output: the rows a view shares with another may carry the other's too.
       */
      const pointsIn = (view: unknown) => {
        type Item = Record<string, unknown> & { items?: Item[]; marktype?: string; name?: string };
        const out: Record<string, [number, number][]> = {};
        const walk = (n: Item) => {
          const f = /^concat_1_/.test(String(n.name)) ? '__ind1_value' : '__ind0_value';
          if (n.marktype === 'line' && n.items?.[0]?.['stroke'] !== '#123456')
            for (const it of n.items ?? []) {
              const d = it['datum'] as Record<string, number>;
              if (Number.isFinite(d[f])) (out[f] ??= []).push([+d['date']!, d[f]!]);
            }
          for (const c of n.items ?? []) walk(c);
        };
        walk((view as { scenegraph(): { root: Item } }).scenegraph().root);
        return out;
      };
      const inApp = await page.evaluate(
        (fn) =>
          new Function('view', `return (${fn})(view)`)(
            (document.querySelector('[data-testid="chart"]') as unknown as { chartspecView: unknown }).chartspecView,
          ),
        pointsIn.toString(),
      );
      const { context, plain, seen } = await plainPage(browser);
      const inPlain = await plain.evaluate(
        async ({ spec, fn }) => {
          const w = window as unknown as { vegaEmbed(el: string, s: unknown, o: object): Promise<{ view: unknown }> };
          const { view } = await w.vegaEmbed('#chart', spec, { renderer: 'svg', actions: false });
          return new Function('view', `return (${fn})(view)`)(view);
        },
        { spec, fn: pointsIn.toString() },
      );
      // The EMA from its 20th bar, the RSI from its 15th: the same points, the same values.
      expect(inApp['__ind0_value']).toHaveLength(101);
      expect(inApp['__ind1_value']).toHaveLength(106);
      expect(inPlain).toEqual(inApp);
      expect(seen.consoleErrors).toEqual([]);
      await context.close();

      // The Vega Editor link of the Share panel carries the same values.
      await page.getByTestId('share').click();
      const href = (await page.getByTestId('vega-editor-link').getAttribute('href'))!;
      const linked = JSON.parse(
        LZString.decompressFromEncodedURIComponent(href.slice(href.indexOf('/vega-lite/') + 11))!,
      );
      expect(linked.datasets).toEqual(spec.datasets);
      expect(linked.datasets['chartspec_indicators'].length).toBe(120);
    });
  }
});
