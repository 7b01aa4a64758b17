import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chartPane, problems, shareHash, shownVersion, waitForSchemaCheck, watch } from './helpers';

const DIR = new URL('../../examples/', import.meta.url);
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

test.describe('every example draws in the built app with no problem', () => {
  for (const name of names) {
    test(name, async ({ page }) => {
      const w = await watch(page);
      const text = readFileSync(new URL(name, DIR), 'utf8');
      await page.goto('/' + shareHash(text));
      await expect
        .poll(
          async () => (await chartPane(page).getAttribute('data-state')) === 'ready' && (await shownVersion(page)) >= 1,
          {
            message: `${name} drawn`,
          },
        )
        .toBe(true);
      await waitForSchemaCheck(page);
      expect(await problems(page).allTextContents()).toEqual([]);
      // Something was drawn: the SVG holds marks.
      expect(
        await page
          .locator(
            '[data-testid="chart"] svg .mark-rect, [data-testid="chart"] svg .mark-rule, [data-testid="chart"] svg .mark-arc, [data-testid="chart"] svg .mark-symbol',
          )
          .count(),
      ).toBeGreaterThan(0);
      await page
        .locator('.chart-pane')
        .screenshot({ path: `test-results/examples/${name.replace(/\.json$/, '')}.png` });
      expect(w.consoleErrors).toEqual([]);
      expect(w.cspViolations).toEqual([]);
    });
  }
});
