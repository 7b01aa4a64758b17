import { expect, test, type Page } from '@playwright/test';
import { editorReady } from './helpers';

const divider = (page: Page) => page.getByTestId('split-divider');
const editorWidth = async (page: Page) => (await page.getByTestId('editor').boundingBox())!.width;
const editorHeight = async (page: Page) => (await page.getByTestId('editor').boundingBox())!.height;

test.describe('the workspace as the user leaves it', () => {
  test('the split moves with the keyboard, has a name, and is where it was after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(divider(page)).toHaveAttribute('aria-label', 'Resize the editor and the chart');
    const before = await editorWidth(page);
    await divider(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await expect(divider(page)).toHaveAttribute('aria-valuenow', '54');
    await expect(divider(page)).toHaveAttribute('aria-valuetext', 'Editor 54%');
    expect(await editorWidth(page)).toBeGreaterThan(before + 100);
    await page.keyboard.press('End');
    await expect(divider(page)).toHaveAttribute('aria-valuenow', '85');
    await page.keyboard.press('Home');
    await expect(divider(page)).toHaveAttribute('aria-valuenow', '15');

    // Dragged, then reloaded: the split is where the user left it.
    const at = (await divider(page).boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(1440 * 0.6, at.y + at.height / 2, { steps: 6 });
    await page.mouse.up();
    const dragged = Number(await divider(page).getAttribute('aria-valuenow'));
    expect(dragged).toBeGreaterThan(55);
    await page.reload();
    await expect(divider(page)).toHaveAttribute('aria-valuenow', String(dragged));
  });

  test('a narrow window stacks the editor above the chart; the divider then moves up and down', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The app, not the early page the shell paints before it.
    await expect(page.locator('.chart-pane')).toHaveAttribute('data-state', 'ready');
    const editor = (await page.getByTestId('editor').boundingBox())!;
    const chart = (await page.locator('.chart-pane').boundingBox())!;
    expect(chart.y).toBeGreaterThanOrEqual(editor.y + editor.height);
    expect(editor.width).toBeGreaterThan(370);
    expect(chart.width).toBeGreaterThan(370);
    await expect(divider(page)).toHaveAttribute('aria-orientation', 'horizontal');
    const before = await editorHeight(page);
    await divider(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    expect(await editorHeight(page)).toBeGreaterThan(before + 50);
    // The chart is drawn in its pane, within the window.
    await expect(page.locator('.chart-pane')).toHaveAttribute('data-state', 'ready');
    const drawn = (await page.locator('[data-testid="chart"] svg').first().boundingBox())!;
    expect(drawn.x).toBeGreaterThanOrEqual(0);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(390);
  });

  test('from 1440 down to 650 px the top bar is one row with every tool whole; on a phone its tools wrap, never cut off', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('.chart-pane')).toHaveAttribute('data-state', 'ready');
    for (const width of [1440, 1024, 800, 650, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const bar = (await page.locator('.topbar').boundingBox())!;
      if (width >= 650) expect(bar.height, `one row at ${width}`).toBeLessThanOrEqual(49);
      const tools = page.locator('.topbar .tool, .topbar .ghost');
      expect(await tools.count()).toBe(9);
      for (const box of await tools.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        expect(box.left, `a tool inside the window at ${width}`).toBeGreaterThanOrEqual(0);
        expect(box.right, `a tool inside the window at ${width}`).toBeLessThanOrEqual(width);
        expect(box.bottom).toBeLessThanOrEqual(bar.y + bar.height);
      }
      // The status, cut short or not, still says it (its full words are in the Problems heading too).
      await expect(page.getByTestId('status').locator('.headline')).toHaveText('Up to date');
    }
  });

  test('word wrap, minimap and text size are set in the View menu and remembered', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto('/');
    await editorReady(page);
    // Where line 10 is drawn: lower once a long line above it wraps onto more screen lines.
    const lineTen = () =>
      page.evaluate(() => {
        const numbers = [...document.querySelectorAll('[data-testid="editor"] .line-numbers')];
        return numbers.find((n) => n.textContent?.trim() === '10')!.getBoundingClientRect().top;
      });
    const fontSize = () =>
      page
        .locator('[data-testid="editor"] .view-line')
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize);
    const minimapWidth = () =>
      page
        .locator('[data-testid="editor"] .minimap')
        .evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
    await expect.poll(fontSize).toBe('13px');
    const unwrapped = await lineTen();
    expect(await minimapWidth()).toBe(0);

    await page.getByTestId('view-button').click();
    await page.getByTestId('view-wrap').click();
    // The welcome spec's long lines now wrap onto more screen lines.
    await expect.poll(lineTen).toBeGreaterThan(unwrapped + 10);
    await expect(page.getByTestId('view-wrap')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('view-larger').click();
    await page.getByTestId('view-larger').click();
    await expect.poll(fontSize).toBe('15px');
    await page.getByTestId('view-minimap').click();
    await expect.poll(minimapWidth).toBeGreaterThan(20);
    await page.keyboard.press('Escape');

    await page.reload();
    await editorReady(page);
    await expect.poll(fontSize).toBe('15px');
    await expect.poll(minimapWidth).toBeGreaterThan(20);
    await page.getByTestId('view-button').click();
    await expect(page.getByTestId('view-wrap')).toHaveAttribute('aria-checked', 'true');
  });
});
