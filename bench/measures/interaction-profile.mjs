// Where Chartspec's time goes per wheel event: a separate pass with Vega's operators, its run and
// its canvas render timed in the page (bench/financial/interaction.ts `profile`), so the timing
// wrappers do not touch the figures of bench/measures/interaction.mjs.
import { INTERACTION } from '../shared/config.mjs';
import { round1 } from '../shared/stats.mjs';
import { act, chartPage, zoomToRange } from './interaction.mjs';

/** Mean ms per event of each part; the parts add up to the work (from the first handler to the draw's end). */
function breakdown(samples) {
  const parts = {};
  const add = (k, v) => (parts[k] = (parts[k] ?? 0) + v / samples.length);
  for (const s of samples) {
    const pr = s.profile;
    const end = s.draws.at(-1);
    const evaluateStart = pr.evaluateStart ?? end;
    const renderStart = pr.renderStart ?? end;
    const inOps = Object.values(pr.ops).reduce((a, b) => a + b, 0);
    add('work', end - s.start);
    add('before the run (event handlers, picking, signal updates)', evaluateStart - s.start);
    for (const [op, ms] of Object.entries(pr.ops)) add(`operator: ${op}`, ms);
    add('run, outside the operators (pulses, queue)', renderStart - evaluateStart - inOps);
    add('canvas render', pr.renderMs);
    add('after the render', end - renderStart - pr.renderMs);
  }
  return Object.fromEntries(
    Object.entries(parts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, round1(v * 100) / 100]),
  );
}

export async function interactionProfile(browser, base, log) {
  const out = [];
  for (const bars of INTERACTION.sizes) {
    let opened;
    try {
      opened = await chartPage(browser, base, 'chartspec', bars);
      const { page } = opened;
      const range = await zoomToRange(page, 'chartspec');
      await page.evaluate(() => window.__fin.ix.profile(true));
      const samples = [];
      for (let i = 0; i < INTERACTION.profileEvents; i++) {
        const delta = Math.floor(i / 5) % 2 ? 100 : -100;
        const s = await act(page, () => page.mouse.wheel(0, delta));
        if (s?.draws.length && s.profile) samples.push(s);
      }
      const counts = samples[0]?.profile.opCounts ?? {};
      out.push({
        bars,
        visible_bars: range.bars,
        events: samples.length,
        mean_ms: breakdown(samples),
        op_runs: counts,
      });
      log(`profile of a wheel event at ${bars} bars: ${JSON.stringify(out.at(-1).mean_ms)}`);
    } catch (e) {
      out.push({ bars, error: e.message.split('\n')[0] });
    } finally {
      await opened?.context.close().catch(() => {});
    }
  }
  return out;
}
