import { expect, test, type Page } from '@playwright/test';
import {
  chartPane,
  clickIntoEditor,
  editorReady,
  marks,
  problems,
  shareHash,
  shownVersion,
  waitForChart,
  watch,
} from './helpers';

interface Validated {
  version: number;
  problems: number;
  by?: 'quick' | 'precompiled';
}

async function validations(page: Page): Promise<Validated[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByName('chartspec:validated')
      .map((m) => (m as PerformanceMark).detail as { version: number; problems: number; by?: 'quick' | 'precompiled' }),
  );
}

async function requested(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop() ?? ''));
}

test('the first text is compiled and checked by workers started before the app has loaded; later checks use the precompiled validator', async ({
  page,
}) => {
  const w = await watch(page);
  await page.goto('/');
  await waitForChart(page, 1);
  // The first schema answer is for the first text, from the quick validator (the precompiled
  // one, megabytes of script, is not even requested before the first chart).
  await expect.poll(async () => (await validations(page))[0]).toMatchObject({ version: 1, problems: 0, by: 'quick' });
  const drawnAt = await page.evaluate(() => performance.getEntriesByName('chartspec:drawn')[0]!.startTime);
  const validatorsAt = await page.evaluate(
    () =>
      performance.getEntriesByType('resource').find((r) => r.name.includes('chartspec-validators'))?.startTime ??
      Infinity,
  );
  expect(validatorsAt).toBeGreaterThan(drawnAt);
  // Version 1 was compiled once, by the early worker: no second request for the same text.
  expect(await chartPane(page).getAttribute('data-version')).toBe('1');

  await editorReady(page);
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' ');
  await waitForChart(page, 2);
  await expect.poll(async () => (await validations(page)).find((v) => v.version >= 2)?.by).toBe('precompiled');
  expect(w.consoleErrors).toEqual([]);
  expect(w.cspViolations).toEqual([]);
});

test('a mistake in the text the page opens with is found by the first check, with the one problem it is', async ({
  page,
}) => {
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values: [{ a: 1 }] },
    mark: 'poitn',
    encoding: { x: { field: 'a', type: 'quantitative' } },
  };
  await page.goto('/' + shareHash(JSON.stringify(spec, null, 2)));
  await expect(problems(page)).toHaveCount(1);
  await expect(problems(page).first()).toContainText('Unknown mark "poitn". Did you mean "point"?');
  // The schema check's answer (explained by the explainer, loaded for the first failure) agrees:
  // still one problem.
  await expect.poll(async () => (await validations(page))[0]).toMatchObject({ version: 1, problems: 1, by: 'quick' });
  await expect(problems(page)).toHaveCount(1);
});

/** Vega transforms the page loads only when a spec uses them: voronoi, label, loess, geo. */
const LAZY_TRANSFORMS_SPEC = {
  $schema: 'https://vega.github.io/schema/vega/v6.json',
  width: 300,
  height: 200,
  data: [
    {
      name: 'points',
      values: [
        { x: 1, y: 2, n: 'a' },
        { x: 2, y: 5, n: 'b' },
        { x: 3, y: 3, n: 'c' },
        { x: 4, y: 6, n: 'd' },
        { x: 5, y: 4, n: 'e' },
      ],
    },
    { name: 'trend', source: 'points', transform: [{ type: 'loess', x: 'x', y: 'y', bandwidth: 0.8 }] },
    {
      name: 'area',
      values: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-10, -10],
                [10, -10],
                [10, 10],
                [-10, 10],
                [-10, -10],
              ],
            ],
          },
        },
      ],
    },
  ],
  projections: [{ name: 'proj', type: 'mercator', scale: 4, translate: [150, 100] }],
  scales: [
    { name: 'x', domain: { data: 'points', field: 'x' }, range: 'width' },
    { name: 'y', domain: { data: 'points', field: 'y' }, range: 'height' },
  ],
  marks: [
    {
      type: 'shape',
      from: { data: 'area' },
      encode: { update: { fill: { value: '#eef' } } },
      transform: [{ type: 'geoshape', projection: 'proj' }],
    },
    {
      type: 'symbol',
      name: 'dots',
      from: { data: 'points' },
      encode: { update: { x: { scale: 'x', field: 'x' }, y: { scale: 'y', field: 'y' }, size: { value: 60 } } },
    },
    {
      type: 'path',
      from: { data: 'dots' },
      encode: { update: { stroke: { value: '#ccc' }, fill: { value: 'transparent' } } },
      transform: [{ type: 'voronoi', x: 'datum.x', y: 'datum.y', size: [{ signal: 'width' }, { signal: 'height' }] }],
    },
    {
      type: 'text',
      from: { data: 'dots' },
      encode: { enter: { text: { field: 'datum.n' }, fontSize: { value: 11 } } },
      transform: [{ type: 'label', size: [{ signal: 'width' }, { signal: 'height' }] }],
    },
    {
      type: 'line',
      from: { data: 'trend' },
      encode: {
        update: { x: { scale: 'x', field: 'x' }, y: { scale: 'y', field: 'y' }, stroke: { value: 'firebrick' } },
      },
    },
  ],
};

test('a Vega spec with transforms the page loads on demand draws, and only then are they loaded', async ({ page }) => {
  const w = await watch(page);
  await page.goto('/');
  await waitForChart(page, 1);
  const before = await requested(page);
  for (const pkg of ['vega-voronoi', 'vega-label', 'vega-regression', 'vega-geo'])
    expect(
      before.some((f) => f.startsWith(pkg)),
      pkg,
    ).toBe(false);

  const v = await shownVersion(page);
  await page.evaluate((h) => (location.hash = h), shareHash(JSON.stringify(LAZY_TRANSFORMS_SPEC, null, 2)));
  await waitForChart(page, v + 1);
  await expect(problems(page)).toHaveCount(0);
  const after = await requested(page);
  for (const pkg of ['vega-voronoi', 'vega-label', 'vega-regression', 'vega-geo'])
    expect(
      after.some((f) => f.startsWith(pkg)),
      pkg,
    ).toBe(true);
  await expect(marks(page, 'symbol')).toHaveCount(5);
  // One Voronoi cell and one placed label per point, the fitted line, the projected shape.
  await expect(page.locator('[data-testid="chart"] svg .mark-path path')).toHaveCount(5);
  await expect(page.locator('[data-testid="chart"] svg .mark-text text')).toHaveCount(5);
  await expect(page.locator('[data-testid="chart"] svg .mark-line path')).toHaveCount(1);
  await expect(page.locator('[data-testid="chart"] svg .mark-shape path')).toHaveCount(1);
  expect(w.consoleErrors).toEqual([]);
  expect(w.cspViolations).toEqual([]);
});

test('before the app has loaded, the page shows the text and the first check’s answer; the app then takes over', async ({
  page,
}) => {
  const w = await watch(page);
  // The app's own chunk is held back: what shows meanwhile is the first module's page.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/mount-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values: [{ a: 1 }] },
    mark: 'poitn',
    encoding: { x: { field: 'a', type: 'quantitative' } },
  };
  const text = JSON.stringify(spec, null, 2);
  await page.goto('/' + shareHash(text));
  const shell = page.locator('.app[data-shell]');
  await expect(shell.locator('textarea')).toHaveValue(text);
  await expect(shell.locator('textarea')).toHaveAttribute('readonly', '');
  const early = page.getByTestId('shell-problems');
  await expect(early).toContainText('1 error');
  await expect(early).toContainText('Unknown mark "poitn". Did you mean "point"?');
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('"poitn"'));
  await expect(early).toContainText(`${line + 1}:${lines[line]!.indexOf('"poitn"') + 1}`);
  expect(await validations(page)).toEqual([expect.objectContaining({ version: 1, problems: 1, by: 'quick' })]);
  await expect(chartPane(page)).toHaveCount(1);

  release();
  await expect(shell).toHaveCount(0);
  await expect(problems(page)).toHaveCount(1);
  await expect(problems(page).first()).toContainText('Unknown mark "poitn". Did you mean "point"?');
  await editorReady(page);
  // The same answer, replayed to the app, is not counted twice.
  expect((await validations(page)).filter((v) => v.version === 1)).toHaveLength(1);
  expect(w.consoleErrors).toEqual([]);
});
