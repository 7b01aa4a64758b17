import { expect, test, type Page } from '@playwright/test';
import { readCorpus, skipMessage } from '../conformance/corpus';
import { chartPane, problems, shareHash, shownVersion, waitForChart, watch } from './helpers';

const corpus = readCorpus('vega-lite');
if (!corpus) console.warn(skipMessage('vega-lite'));
const files = corpus ?? [];
const vegaCorpus = readCorpus('vega');
if (!vegaCorpus) console.warn(skipMessage('vega'));
const CHUNK = 25;

/** Opens a spec through a share link in the running app and waits until it is drawn and checked. */
async function drawSpec(page: Page, text: string): Promise<string | undefined> {
  const before = await shownVersion(page);
  await page.evaluate((h) => (location.hash = h), shareHash(text));
  try {
    await expect
      .poll(
        async () =>
          (await chartPane(page).getAttribute('data-state')) === 'ready' && (await shownVersion(page)) > before,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await expect(page.getByTestId('problems').locator('.checking')).toHaveCount(0, { timeout: 20_000 });
  } catch {
    const state = await chartPane(page).getAttribute('data-state');
    return `not drawn (chart ${state}): ${(await problems(page).allTextContents()).join(' | ')}`;
  }
  const errors = await problems(page)
    .filter({ has: page.locator('.severity', { hasText: 'error' }) })
    .allTextContents();
  return errors.length ? errors.join(' | ') : undefined;
}

/** Draws each file of a chunk in one page, as a user opening link after link would. */
function drawChunks(all: { name: string; text: string }[]): void {
  for (let i = 0; i < all.length; i += CHUNK) {
    const chunk = all.slice(i, i + CHUNK);
    test(`${chunk[0]!.name} … ${chunk[chunk.length - 1]!.name}`, async ({ page }) => {
      test.setTimeout(240_000);
      const w = await watch(page);
      await page.goto('/');
      await waitForChart(page, 1);
      const failures: string[] = [];
      for (const file of chunk) {
        const errorsBefore = w.consoleErrors.length;
        const failure = await drawSpec(page, file.text);
        if (failure) failures.push(`${file.name}: ${failure}`);
        if (w.consoleErrors.length > errorsBefore) {
          failures.push(`${file.name}: console: ${w.consoleErrors.slice(errorsBefore).join(' | ')}`);
        }
      }
      expect(failures).toEqual([]);
      expect(w.cspViolations).toEqual([]);
    });
  }
}

test.describe('every Vega-Lite conformance spec draws in the built app', () => {
  test.skip(!corpus, skipMessage('vega-lite'));
  drawChunks(files);
});

// Vega's specs use the transforms the page loads on demand (force, hierarchy, word cloud,
// crossfilter; see src/render/vega-transforms.ts).
test.describe('every Vega conformance spec draws in the built app', () => {
  test.skip(!vegaCorpus, skipMessage('vega'));
  drawChunks(vegaCorpus ?? []);
});
