// Cold load → first chart, and load → first validation result.
import { firstChart, openContext } from '../shared/browser.mjs';
import { DRAW_TIMEOUT_MS, VALIDATED_TIMEOUT_MS } from '../shared/config.mjs';
import { waitForMark } from '../shared/in-page.mjs';

export async function coldLoad(browser, url) {
  const { context, page, watch } = await openContext(browser);
  try {
    const mark = await firstChart(page, url, watch);
    // Diagnostics: when Monaco took over, and how much of the main thread long tasks held
    // before the first chart.
    await page
      .waitForSelector('[data-testid="editor"][data-editor-status="ready"]', { timeout: DRAW_TIMEOUT_MS })
      .catch(() => {});
    const nav = await page.evaluate((firstChartAt) => {
      const n = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const before = window.__bench.longTasks.filter((t) => t.start < firstChartAt);
      return {
        responseEnd: n?.responseEnd ?? null,
        domContentLoaded: n?.domContentLoadedEventEnd ?? null,
        firstContentfulPaint: fcp?.startTime ?? null,
        editorReady: window.__bench.editorReadyAt,
        longTasksBefore: {
          count: before.length,
          ms: before.reduce((s, t) => s + t.duration, 0),
          longest: Math.max(0, ...before.map((t) => t.duration)),
        },
      };
    }, mark.startTime);
    // Validation: the first 'chartspec:validated' mark (the schema worker starts with the page,
    // on the first text; its first validator reads the schema as JSON).
    const validated = await page.evaluate(waitForMark, {
      name: 'chartspec:validated',
      timeoutMs: VALIDATED_TIMEOUT_MS,
    });
    return { firstChartMs: mark.startTime, version: mark.version, ...nav, validated, watch };
  } finally {
    await context.close();
  }
}
