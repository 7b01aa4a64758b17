import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { marks, openWith, problems, shareHash, watch } from './helpers';

/**
 * Vega-Lite examples on the web name their data by a CDN URL. When the bundled vega-datasets has
 * that file the app draws its own copy: here every request to a host other than the app's own
 * (127.0.0.1) is aborted, and the chart still draws.
 */

const spec = (url: string) =>
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

/** Aborts every request that leaves the machine; returns the URLs that tried. */
async function offline(page: Page): Promise<string[]> {
  const tried: string[] = [];
  await page.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      tried.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return tried;
}

const cars = JSON.parse(readFileSync(join('node_modules', 'vega-datasets', 'data', 'cars.json'), 'utf8')) as Record<
  string,
  unknown
>[];
const drawable = cars.filter((c) => c['Horsepower'] != null && c['Miles_per_Gallon'] != null).length;

test('a jsDelivr URL of cars.json draws from the bundled copy, offline, with a note at the URL', async ({ page }) => {
  const tried = await offline(page);
  const w = await watch(page);
  await openWith(page, spec('https://cdn.jsdelivr.net/npm/vega-datasets@2/data/cars.json'));
  await expect(marks(page, 'symbol')).toHaveCount(drawable);
  const note = problems(page);
  await expect(note).toHaveCount(1);
  await expect(note).toHaveAttribute('data-severity', 'info');
  await expect(note).toHaveAttribute('data-path', '/data/url');
  // Line 3 is `    "url": "https://…"`; column 12 is the value.
  await expect(note).toContainText('3:12');
  await expect(note).toContainText('Loaded from the bundled vega-datasets: cars.json (no network needed)');
  expect(tried).toEqual([]);
  expect(w.consoleErrors).toEqual([]);
  expect(w.cspViolations).toEqual([]);
});

test('a URL for a file the package lacks is fetched as written (and fails here, offline)', async ({ page }) => {
  const tried = await offline(page);
  const url = 'https://cdn.jsdelivr.net/npm/vega-datasets@2/data/not-in-the-package.json';
  await page.goto('/' + shareHash(spec(url)));
  const error = problems(page).filter({ hasText: 'not-in-the-package.json' }).first();
  await expect(error).toHaveAttribute('data-severity', 'error');
  await expect(error).toHaveAttribute('data-source', 'runtime');
  expect(tried).toContain(url);
  await expect(problems(page).filter({ hasText: 'bundled vega-datasets' })).toHaveCount(0);
});
