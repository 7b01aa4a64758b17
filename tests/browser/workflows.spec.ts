import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Download, type FileChooser, type Page } from '@playwright/test';
import Ajv from 'ajv';
import LZString from 'lz-string';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { BAR } from './fixtures';
import {
  chartPane,
  clickIntoEditor,
  cursorToLineEnd,
  editorReady,
  openFile,
  openWith,
  pasteText,
  shareHash,
  shownVersion,
  waitForChart,
  watch,
} from './helpers';

const EXAMPLES = new URL('../../examples/', import.meta.url);
const exampleNames = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
const example = (name: string) => readFileSync(new URL(name, EXAMPLES), 'utf8');

/** A Windows file (CRLF line ends) with text from several scripts and an emoji. */
const UNICODE = [
  '{',
  '  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",',
  '  "title": "Ünïcödé — 価格 📈 «ok»",',
  '  "data": {"values": [',
  '    {"k": "α", "v": 3}, {"k": "日本", "v": 5}, {"k": "😀", "v": 2}, {"k": "Zoë\\n", "v": 4}',
  '  ]},',
  '  "mark": "bar",',
  '  "encoding": {',
  '    "x": {"field": "k", "type": "nominal"},',
  '    "y": {"field": "v", "type": "quantitative"}',
  '  }',
  '}',
  '',
].join('\r\n');

/** A spec of about 200 KB: many rows of varied numbers and unicode labels. */
function bigSpec(): string {
  const rows: string[] = [];
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; rows.join(',\n').length < 200_000; i++) {
    rows.push(
      `    {"t": ${i}, "v": ${(rnd() * 1000).toFixed(4)}, "label": "série-${i.toString(36)}-€${Math.floor(rnd() * 1e6)}"}`,
    );
  }
  return `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "title": "Two hundred kilobytes — grand 📊",
  "data": {"values": [
${rows.join(',\n')}
  ]},
  "mark": "line",
  "encoding": {
    "x": {"field": "t", "type": "quantitative"},
    "y": {"field": "v", "type": "quantitative"}
  }
}
`;
}

/** The save picker is absent (as in Firefox and Safari): saving downloads. */
async function withoutSavePicker(page: Page) {
  await page.addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path!);
}

async function save(page: Page): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('ControlOrMeta+S');
  return download;
}

/** The chart's drawn SVG, without ids that differ from one drawing to the next. */
async function chartSvg(page: Page): Promise<string> {
  const svg = await page
    .locator('[data-testid="chart"] svg')
    .first()
    .evaluate((el) => el.outerHTML);
  return svg.replace(/(id|clip-path)="[^"]*"/g, '');
}

test.describe('gallery', () => {
  test('lists every example with a thumbnail drawn from its spec, searchable', async ({ page }) => {
    const w = await watch(page);
    await page.goto('/#/gallery');
    const items = page.getByTestId('gallery-item');
    await expect(items).toHaveCount(exampleNames.length);
    expect(exampleNames.length).toBeGreaterThanOrEqual(30);
    // Every thumbnail is an SVG drawn at build time and it loads.
    for (const item of await items.all()) {
      const img = item.locator('img');
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      expect(await img.getAttribute('src')).toMatch(/^gallery\/[\w-]+\.svg\?v=/);
    }
    // Titles and tags come from the specs.
    const scatter = page.locator('[data-testid="gallery-item"][data-name="scatter-cars"]');
    await expect(scatter).toContainText('Horsepower against fuel economy');
    await expect(scatter).toContainText('basics');
    await page.getByTestId('gallery-search').fill('speedometer');
    await expect(items).toHaveCount(1);
    await expect(items).toHaveAttribute('data-name', 'gauge-speedometer');
    // A tag as a search word: every gauge example, and only examples that show the word.
    await page.getByTestId('gallery-search').fill('gauge');
    await expect
      .poll(() => items.count())
      .toBeGreaterThanOrEqual(exampleNames.filter((n) => n.startsWith('gauge')).length);
    expect(await items.count()).toBeLessThan(exampleNames.length);
    for (const text of await items.allTextContents()) expect(text.toLowerCase()).toContain('gauge');
    await page.getByTestId('gallery-search').fill('brush');
    await expect(items).toHaveCount(1);
    await page.getByTestId('gallery-search').fill('no such chart anywhere');
    await expect(items).toHaveCount(0);
    await page.getByTestId('gallery-search').fill('');
    await page.getByRole('button', { name: 'interaction', exact: true }).click();
    await expect(items).not.toHaveCount(exampleNames.length);
    expect(w.consoleErrors).toEqual([]);
    expect(w.cspViolations).toEqual([]);
  });

  test('opening an example loads it; edited text is kept in Recent and comes back', async ({ page }) => {
    await withoutSavePicker(page);
    await page.goto('/');
    await waitForChart(page, 1);
    await pasteText(page, BAR.replace('"Fruit"', '"My unsaved work"'));
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('My unsaved work');
    await page.getByTestId('gallery-button').click();
    await expect(page).toHaveURL(/#\/gallery$/);
    await page.locator('[data-testid="gallery-item"][data-name="histogram-imdb"]').click();
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('How films are rated on IMDB');
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    // The example's text, exactly (saved under the example's name).
    const d = await save(page);
    expect(d.suggestedFilename()).toBe('histogram-imdb.vl.json');
    expect((await bytesOf(d)).toString('utf8')).toBe(example('histogram-imdb.vl.json'));
    // The replaced text is one click away.
    await expect(page.getByTestId('opened')).toContainText('My unsaved work');
    await page.getByTestId('recent-button').click();
    await expect(page.getByTestId('recent-item').first()).toContainText('My unsaved work');
    await page.getByTestId('restore').click();
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('My unsaved work');
  });

  test('#/example/<name> opens that example at start', async ({ page }) => {
    await page.goto('/#/example/donut-simple');
    await waitForChart(page, 1);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Where the budget goes');
    await expect(page).not.toHaveURL(/#/);
  });
});

test.describe('files', () => {
  test('open through the file picker, save and re-open byte-identical (unicode, CRLF)', async ({ page }) => {
    await withoutSavePicker(page);
    await page.goto('/');
    await waitForChart(page, 1);
    await editorReady(page);
    await openFile(page, 'prices ünï.vl.json', UNICODE);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Ünïcödé — 価格 📈 «ok»');
    const first = await save(page);
    expect(first.suggestedFilename()).toBe('prices ünï.vl.json');
    const bytes = await bytesOf(first);
    expect(bytes.equals(Buffer.from(UNICODE, 'utf8'))).toBe(true);
    // Re-open what was saved: the same chart, and saving again gives the same bytes.
    await openFile(page, 'again.json', bytes);
    // The file is read asynchronously; the same text changes nothing on screen but the notice.
    await expect(page.getByTestId('opened')).toContainText('Opened again.json.');
    const second = await save(page);
    expect(second.suggestedFilename()).toBe('again.json');
    expect((await bytesOf(second)).equals(bytes)).toBe(true);
  });

  test('Ctrl+O opens the file picker; a file that is not JSON is refused with a message', async ({ page }) => {
    // Listening from the start: Playwright turns on its file chooser interception when the
    // first listener is added, and a key press can arrive before that is done.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (c) => choosers.push(c));
    await page.goto('/');
    await waitForChart(page, 1);
    // While typing in the editor, as people press it.
    await editorReady(page);
    await clickIntoEditor(page);
    await page.keyboard.press('ControlOrMeta+O');
    await expect.poll(() => choosers.length).toBe(1);
    await choosers[0]!.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('file-error')).toContainText('not a .json file');
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Welcome to Chartspec');
  });

  test('drag and drop a spec onto the editor opens it', async ({ page }) => {
    await page.goto('/');
    await waitForChart(page, 1);
    await editorReady(page);
    const target = page.locator('[data-testid="editor"] .view-lines');
    const dt = await page.evaluateHandle(
      (text) => {
        const d = new DataTransfer();
        d.items.add(new File([text], 'dropped.vl.json', { type: 'application/json' }));
        return d;
      },
      BAR.replace('"Fruit"', '"Dropped in"'),
    );
    await target.dispatchEvent('dragenter', { dataTransfer: dt });
    await target.dispatchEvent('dragover', { dataTransfer: dt });
    await expect(page.getByTestId('drop-overlay')).toBeVisible();
    await target.dispatchEvent('drop', { dataTransfer: dt });
    await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Dropped in');
    await expect(page.getByTestId('opened')).toContainText('dropped.vl.json');
  });

  test('with the File System Access API, Ctrl+S asks once for a place, then saves in place', async ({ page }) => {
    // The browser's save dialog cannot be driven, so it answers with a real file handle from
    // the origin-private file system; everything after it is the browser's own API.
    await page.addInitScript(() => {
      const w = window as unknown as { showSaveFilePicker: unknown; __asked: string[] };
      w.__asked = [];
      w.showSaveFilePicker = async (o: { suggestedName: string }) => {
        w.__asked.push(o.suggestedName);
        const dir = await navigator.storage.getDirectory();
        return dir.getFileHandle('picked-' + o.suggestedName, { create: true });
      };
    });
    await openWith(page, BAR);
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('saved')).toContainText('Saved picked-chart.vl.json');
    await pasteText(page, BAR.replace('"Fruit"', '"Second save"'));
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Second save');
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('saved')).toContainText('Saved picked-chart.vl.json');
    // The notice of the first save is still up: read the file until the second save is in it
    // (a file being written cannot be read meanwhile).
    const saved = () =>
      page.evaluate(async () => {
        try {
          const dir = await navigator.storage.getDirectory();
          return await (await (await dir.getFileHandle('picked-chart.vl.json')).getFile()).text();
        } catch (e) {
          return String(e);
        }
      });
    await expect.poll(saved).toBe(BAR.replace('"Fruit"', '"Second save"'));
    expect(await page.evaluate(() => (window as unknown as { __asked: string[] }).__asked)).toEqual(['chart.vl.json']);
  });
});

test.describe('share links', () => {
  test('the share button copies a link that carries the spec exactly (unicode)', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withoutSavePicker(page);
    await page.goto('/');
    await waitForChart(page, 1);
    await editorReady(page);
    await openFile(page, 'u.vl.json', UNICODE);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Ünïcödé');
    await page.getByTestId('share').click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/s\//);
    await expect(page.getByTestId('share-status')).toContainText('Copied');
    await expect(page.getByTestId('share-length')).toHaveText(`${link.length.toLocaleString('en')} characters`);
    await expect(page.getByTestId('share-warning')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const other = await context.newPage();
    await other.addInitScript(() => {
      delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await other.goto(link);
    await waitForChart(other, 1);
    const d = await save(other);
    expect((await bytesOf(d)).toString('utf8')).toBe(UNICODE);
  });

  test('a 200 KB spec round-trips exactly, and the panel warns that the link is too long', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withoutSavePicker(page);
    const big = bigSpec();
    expect(big.length).toBeGreaterThan(200_000);
    await page.goto('/');
    await waitForChart(page, 1);
    await editorReady(page);
    await openFile(page, 'big.vl.json', big);
    // Thousands of inline rows are drawn on a canvas (the renderer choice), not in SVG.
    await expect(page.locator('[data-testid="chart"] canvas')).toHaveCount(1);
    await expect(page.locator('[data-testid="chart"] svg')).toHaveCount(0);
    await page.getByTestId('share').click();
    const link = await page.getByTestId('share-link').inputValue();
    await expect(page.getByTestId('share-warning')).toContainText('chat tools');
    const other = await context.newPage();
    await other.addInitScript(() => {
      delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    await other.goto(link);
    await waitForChart(other, 1);
    await expect(other.locator('[data-testid="chart"] canvas')).toHaveCount(1);
    const d = await save(other);
    expect((await bytesOf(d)).toString('utf8')).toBe(big);
  });

  test('Vega Editor links open: #/url/vega-lite/… and #/url/vega/…', async ({ page }) => {
    const w = await watch(page);
    await page.goto(
      '/#/url/vega-lite/' + LZString.compressToEncodedURIComponent(BAR.replace('"Fruit"', '"From the Vega Editor"')),
    );
    await waitForChart(page, 1);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('From the Vega Editor');
    await expect(page.getByTestId('language')).toHaveText('Vega-Lite 6');

    // A Vega spec without $schema: the link says it is Vega.
    const vega = JSON.stringify({
      width: 200,
      height: 100,
      title: 'Raw Vega by link',
      marks: [
        {
          type: 'rect',
          encode: {
            enter: {
              x: { value: 10 },
              y: { value: 10 },
              width: { value: 80 },
              height: { value: 50 },
              fill: { value: 'steelblue' },
            },
          },
        },
      ],
    });
    await page.goto('/#/url/vega/' + LZString.compressToEncodedURIComponent(vega) + '/view');
    await expect(page.getByTestId('language')).toHaveText('Vega 6');
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Raw Vega by link');
    await expect(page.locator('[data-testid="chart"] svg .mark-rect path')).toHaveCount(1);
    expect(w.consoleErrors).toEqual([]);
  });

  test('a damaged link says so and keeps the text', async ({ page }) => {
    await page.goto('/#/url/vega-lite/%%%broken');
    await expect(page.getByTestId('notice')).toContainText('damaged');
    await waitForChart(page, 1);
  });
});

test.describe('export', () => {
  async function exportAs(page: Page, kind: string): Promise<Download> {
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    await page.locator(`[data-export="${kind}"]`).click();
    return download;
  }

  test('PNG 1× and 2× decode, SVG parses, at the size of the chart', async ({ page }) => {
    await openWith(page, example('welcome.vl.json'));
    const box = (await page.locator('[data-testid="chart"] svg').first().boundingBox())!;
    const decode = (b64: string, type: string) =>
      page.evaluate(
        async ({ b64, type }) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const bmp = await createImageBitmap(new Blob([bytes], { type }));
          return { width: bmp.width, height: bmp.height };
        },
        { b64, type },
      );
    const png1 = await exportAs(page, 'png1');
    expect(png1.suggestedFilename()).toBe('chart.png');
    const size1 = await decode((await bytesOf(png1)).toString('base64'), 'image/png');
    expect(Math.abs(size1.width - box.width)).toBeLessThan(2);
    expect(Math.abs(size1.height - box.height)).toBeLessThan(2);
    const png2 = await exportAs(page, 'png2');
    expect(png2.suggestedFilename()).toBe('chart@2x.png');
    const size2 = await decode((await bytesOf(png2)).toString('base64'), 'image/png');
    expect(size2).toEqual({ width: size1.width * 2, height: size1.height * 2 });

    const svg = await exportAs(page, 'svg');
    expect(svg.suggestedFilename()).toBe('chart.svg');
    const parsed = await page.evaluate(
      (text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.nodeName,
          marks: doc.querySelectorAll('path, line, text').length,
          title: doc.documentElement.textContent?.includes('Welcome to Chartspec'),
        };
      },
      (await bytesOf(svg)).toString('utf8'),
    );
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('svg');
    expect(parsed.marks).toBeGreaterThan(50);
    expect(parsed.title).toBe(true);
  });

  test('a chart on a canvas is drawn without item descriptions; its SVG has them all, with the values typed since', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // 2,500 points (one row per line, from line 3): drawn on a canvas.
    const rows = Array.from({ length: 2500 }, (_, i) => `    {"i": ${i}, "v": ${(i * 37) % 101}}`);
    const text = `{
  "data": {"values": [
${rows.join(',\n')}
  ]},
  "mark": "point",
  "encoding": {"x": {"field": "i", "type": "quantitative"}, "y": {"field": "v", "type": "quantitative"}}
}`;
    await openWith(page, text);
    await expect(page.locator('[data-testid="chart"] canvas')).toHaveCount(1);
    const described = () =>
      page.evaluate(() => {
        type Node = { items?: Node[]; name?: string; description?: unknown };
        const view = (
          document.querySelector('[data-testid="chart"]') as Element & {
            chartspecView: { scenegraph(): { root: Node } };
          }
        ).chartspecView;
        let n = 0;
        let items = 0;
        const visit = (node: Node) => {
          if (node.name === 'marks') {
            for (const item of node.items ?? []) {
              items++;
              if (item.description !== undefined) n++;
            }
          } else for (const child of node.items ?? []) visit(child);
        };
        visit(view.scenegraph().root);
        return { items, described: n };
      });
    expect(await described()).toEqual({ items: 2500, described: 0 });
    const svgLabels = async () => {
      const svg = (await bytesOf(await exportAs(page, 'svg'))).toString('utf8');
      return page.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
        return [...doc.querySelectorAll('.mark-symbol.marks path')].map((p) => p.getAttribute('aria-label'));
      }, svg);
    };
    const labels = await svgLabels();
    expect(labels).toHaveLength(2500);
    expect(labels[1]).toBe('i: 1; v: 37');
    expect(labels.every((l, k) => l === `i: ${k}; v: ${(k * 37) % 101}`)).toBe(true);

    // A typed value reaches the live view as a data patch, and the export.
    await editorReady(page);
    await cursorToLineEnd(page, 4);
    await page.keyboard.press('ArrowLeft'); // before ','
    await page.keyboard.press('ArrowLeft'); // before '}'
    const version = await shownVersion(page);
    await page.keyboard.type('00', { delay: 60 });
    await waitForChart(page, version + 1);
    expect(
      await page.evaluate(
        () => (performance.getEntriesByName('chartspec:drawn', 'mark').at(-1) as PerformanceMark).detail?.patched,
      ),
    ).toBe(true);
    expect(await described()).toEqual({ items: 2500, described: 0 });
    const typed = await svgLabels();
    expect(typed).toHaveLength(2500);
    expect(typed[1]).toBe('i: 1; v: 3700');
    expect(typed.filter((l, k) => l !== labels[k])).toEqual(['i: 1; v: 3700']);
  });

  test("standard Vega-Lite: valid against plain Vega-Lite's schema and draws the same chart; Vega JSON too", async ({
    page,
  }) => {
    const source = example('gauge-kpi-dashboard.vl.json');
    await openWith(page, source);
    const original = await chartSvg(page);

    const vl = await exportAs(page, 'vega-lite');
    expect(vl.suggestedFilename()).toBe('chart.standard.vl.json');
    const text = (await bytesOf(vl)).toString('utf8');
    const spec = JSON.parse(text);
    expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    expect(text).not.toContain('"gauge"');
    const validate = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false }).compile(
      vegaLiteSchema,
    );
    validate(spec);
    expect(validate.errors ?? []).toEqual([]);

    const vg = await exportAs(page, 'vega');
    expect(vg.suggestedFilename()).toBe('chart.vg.json');
    const vegaText = (await bytesOf(vg)).toString('utf8');
    expect(JSON.parse(vegaText).$schema).toBe('https://vega.github.io/schema/vega/v6.json');

    // The same marks, texts and colors. Not the same places: the pane sizes a composition of
    // gauges to fit it, and the expanded Vega-Lite no longer says that its views are gauges.
    const marksOf = (svg: string) =>
      svg.replace(/="[^"]*"/g, (value) =>
        value.replace(/(#[\da-f]{3,8}\b)|-?\d*\.?\d+(e-?\d+)?/gi, (n, color?: string) => color ?? '#'),
      );
    for (const exported of [text, vegaText]) {
      const other = await page.context().newPage();
      await other.goto('/' + shareHash(exported));
      await waitForChart(other, 1);
      expect(marksOf(await chartSvg(other))).toBe(marksOf(original));
      await other.close();
    }
  });
});

test.describe('autosave and safety', () => {
  test('reload restores the edited text, also after opening a link', async ({ page }) => {
    await openWith(page, BAR);
    await expect(page).not.toHaveURL(/#/);
    await pasteText(page, BAR.replace('"Fruit"', '"Edited after the link"'));
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Edited after the link');
    await page.waitForTimeout(700);
    await page.reload();
    await waitForChart(page, 1);
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Edited after the link');
  });

  test('a full storage quota shows a message, and editing and drawing go on', async ({ page }) => {
    const w = await watch(page);
    await page.goto('/');
    await waitForChart(page, 1);
    await editorReady(page);
    // Fill this origin's storage until the browser refuses more.
    const filled = await page.evaluate(() => {
      const chunk = 'x'.repeat(256 * 1024);
      let i = 0;
      try {
        for (; i < 1000; i++) localStorage.setItem(`filler-${i}`, chunk);
      } catch (e) {
        return (e as DOMException).name;
      }
      return 'never full';
    });
    expect(filled).toBe('QuotaExceededError');
    await pasteText(
      page,
      BAR.replace('"Fruit"', '"Storage is full"').replace('"n": 28', `"n": 28, "pad": "${'y'.repeat(300_000)}"`),
    );
    await expect(page.getByTestId('save-warning')).toContainText('storage is full');
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('Storage is full');
    // Opening an example still works; the replaced text stays in memory under Recent.
    await page.goto('/#/example/bar-simple');
    await expect(page.locator('[data-testid="chart"] svg')).toContainText('A simple bar chart');
    await expect(page.getByTestId('recent-warning')).toContainText('storage is full');
    await page.getByTestId('recent-button').click();
    await expect(page.getByTestId('recent-item').first()).toContainText('Storage is full');
    expect(w.consoleErrors).toEqual([]);
  });

  test('a page that hung while drawing opens the text next time without drawing it', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await waitForChart(page, 1);
    // A chart whose drawing keeps the page busy for a long time.
    const heavy = `{
  "title": "Too many points",
  "data": {"sequence": {"start": 0, "stop": 3000000, "as": "i"}},
  "mark": "point",
  "encoding": {"x": {"field": "i", "type": "quantitative"}, "y": {"field": "i", "type": "quantitative"}}
}`;
    // A page of the same origin that is not the app: it reads storage without drawing anything.
    // Open before the paste, so it looks for the drawing's mark from the start.
    const other = await context.newPage();
    await other.goto('/favicon.svg');
    await pasteText(page, heavy);
    // Wait until the drawing started (its mark is in storage), then give up on the page.
    await expect
      .poll(() => other.evaluate(() => localStorage.getItem('chartspec:drawing')), {
        timeout: 30_000,
        intervals: [50],
      })
      .not.toBeNull();
    await page.close({ runBeforeUnload: false });
    await other.goto('/');
    await expect(other.getByTestId('lockout')).toContainText('stopped');
    await expect(other.getByTestId('chart-idle')).toBeVisible();
    await expect(other.locator('[data-testid="chart"]')).toHaveCount(0);
    await other.waitForTimeout(1000);
    await expect(chartPane(other).locator('svg')).toHaveCount(0);
    // The text is there, to fix: make it small and draw it.
    await editorReady(other);
    await pasteText(other, heavy.replace('3000000', '30').replace('Too many points', 'Fixed'));
    await other.keyboard.press('ControlOrMeta+Enter');
    await expect(other.locator('[data-testid="chart"] svg')).toContainText('Fixed');
    await other.reload();
    await waitForChart(other, 1);
    await expect(other.getByTestId('lockout')).toHaveCount(0);
    await context.close();
  });

  test('help lists the keyboard shortcuts; Ctrl+Enter runs at once', async ({ page }) => {
    await page.goto('/');
    await waitForChart(page, 1);
    await page.getByTestId('help-button').click();
    const help = page.getByTestId('help');
    await expect(help).toBeVisible();
    for (const k of ['S', 'O', 'Shift', 'Enter'])
      await expect(help.locator('kbd', { hasText: new RegExp(`^${k}$`) }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
});
