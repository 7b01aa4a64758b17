// Zoom, pan and append on the financial page: Chartspec's candlestick (Vega-Lite's interval bound
// to the scales, the level of detail redone for each range) against lightweight-charts, with
// real input from Playwright, each event timed in the page (bench/financial/interaction.ts) to
// the frame that shows it. See bench/README.md, "Interaction".
import { openPage, withTimeout } from '../financial.mjs';
import { INTERACTION } from '../shared/config.mjs';
import { percentile, round1 } from '../shared/stats.mjs';

const LIBS = { chartspec: 'Chartspec', lwc: 'lightweight-charts' };
/** Where the wheel turns: inside both plots (Chartspec's y axis is on the left, l-c's on the right). */
const POINTER = { x: 800, y: 250 };
/** Where a drag starts, and how far each move goes (px). */
const DRAG = { x: 560, y: 250, step: 8 };
const DRAW_TIMEOUT_MS = 90000;

const ix = (page, f, arg) => page.evaluate(f, arg);

/** A fresh context with `bars` drawn by `lib` (after the page's warm-up chart), timed input on. */
export async function chartPage(browser, base, lib, bars) {
  const opened = await openPage(browser, base);
  const { page } = opened;
  await ix(page, (l) => window.__fin.warmUp(l), lib);
  await ix(page, ({ n, l }) => window.__fin.prepare(n, l), { n: bars, l: lib });
  await withTimeout(
    ix(page, (l) => window.__fin.draw(l), lib),
    DRAW_TIMEOUT_MS,
    `${LIBS[lib]} at ${bars} bars`,
  );
  await ix(page, () => window.__fin.ix.watch());
  return opened;
}

/** Runs one input action and returns the page's sample for the event it caused, once settled. */
export async function act(page, action) {
  const before = await ix(page, () => window.__fin.ix.count());
  await action();
  return ix(page, (n) => window.__fin.ix.settle(n), before);
}

const visible = (page) => ix(page, () => window.__fin.ix.visible());

/**
 * Brings the chart to about INTERACTION.visibleBars bars on screen with the wheel: Chartspec
 * starts with every bar and zooms in; lightweight-charts starts with its default bar spacing
 * (about 190 bars) and zooms out. Returns the wheel steps taken and the bars then on screen.
 */
export async function zoomToRange(page, lib) {
  const target = INTERACTION.visibleBars;
  await act(page, () => page.mouse.move(POINTER.x, POINTER.y));
  let bars = await visible(page);
  let steps = 0;
  for (; steps < 80; steps++) {
    const delta =
      lib === 'chartspec' ? (bars > 2 * target ? -500 : bars > target ? -100 : 0) : bars < 0.9 * target ? 100 : 0;
    if (!delta) break;
    await act(page, () => page.mouse.wheel(0, delta));
    const next = await visible(page);
    if (next === bars) break; // at the library's limit
    bars = next;
  }
  return { steps, bars };
}

/** What one sample says: event → frame, handler → draw returned, and the cross-checks. */
function figures(s) {
  if (!s) return { error: 'the event never reached the page' };
  if (!s.draws.length || s.paint === undefined) return { no_draw: true, type: s.type };
  return {
    frame_ms: s.paint - s.eventTs,
    work_ms: s.draws.at(-1) - s.start,
    from_handler_ms: s.paint - s.start,
    queue_ms: s.start - s.eventTs,
    double_raf_ms: s.nextFrame === undefined ? null : s.nextFrame - s.eventTs,
    draws: s.draws.length,
  };
}

/** Wheel steps in and out around POINTER, 5 each way in turn, so the range stays near the start. */
async function wheelZoom(page) {
  const out = [];
  for (let i = 0; i < INTERACTION.wheelEvents; i++) {
    const delta = Math.floor(i / 5) % 2 ? 100 : -100;
    out.push(figures(await act(page, () => page.mouse.wheel(0, delta))));
  }
  return out;
}

/** Drags of single moves with the button down: to the right (earlier bars), then back. */
async function dragPan(page) {
  const out = [];
  const half = Math.ceil(INTERACTION.dragMoves / 2);
  let x = DRAG.x;
  for (const dir of [1, -1]) {
    await act(page, () => page.mouse.move(x, DRAG.y));
    await page.mouse.down();
    for (let i = 0; i < half && out.length < INTERACTION.dragMoves; i++) {
      x += dir * DRAG.step;
      out.push(figures(await act(page, () => page.mouse.move(x, DRAG.y))));
    }
    await page.mouse.up();
  }
  return out;
}

const p = (xs, q) => (xs.length ? round1(percentile(xs, q)) : null);
const ratio = (a, b) => (a !== null && b ? Math.round((a / b) * 100) / 100 : null);

/** p50/p95 of a library's samples, and how many events drew nothing. */
function summary(samples) {
  const drawn = samples.filter((s) => s.frame_ms !== undefined);
  const of = (k) => drawn.map((s) => s[k]);
  return {
    p50_ms: p(of('frame_ms'), 50),
    p95_ms: p(of('frame_ms'), 95),
    work_p50_ms: p(of('work_ms'), 50),
    work_p95_ms: p(of('work_ms'), 95),
    from_handler_p50_ms: p(of('from_handler_ms'), 50),
    from_handler_p95_ms: p(of('from_handler_ms'), 95),
    double_raf_p50_ms: p(of('double_raf_ms').filter(Number.isFinite), 50),
    queue_p95_ms: p(of('queue_ms'), 95),
    events: samples.length,
    no_draw: samples.filter((s) => s.no_draw).length,
    failed: samples.filter((s) => s.error).length,
  };
}

/** Both actions on one library in one fresh context: draw, zoom to the range, wheel, drag. */
async function session(browser, base, lib, bars) {
  let opened;
  try {
    opened = await chartPage(browser, base, lib, bars);
    const { page, errors } = opened;
    const range = await zoomToRange(page, lib);
    const wheel = await wheelZoom(page);
    const drag = await dragPan(page);
    return { range, wheel_zoom: wheel, drag_pan: drag, page_errors: errors.slice(0, 5) };
  } catch (e) {
    return { error: e.message.split('\n')[0] };
  } finally {
    await opened?.context.close().catch(() => {});
  }
}

/** Rows for wheel_zoom and drag_pan at each size; libraries alternate in going first. */
export async function interaction(browser, base, log) {
  const rows = [];
  for (const [i, bars] of INTERACTION.sizes.entries()) {
    const runs = {};
    for (const lib of i % 2 ? ['lwc', 'chartspec'] : ['chartspec', 'lwc']) {
      runs[lib] = await session(browser, base, lib, bars);
      if (runs[lib].error) log(`interaction, ${LIBS[lib]} at ${bars} bars: ${runs[lib].error}`);
    }
    for (const action of ['wheel_zoom', 'drag_pan']) {
      const cs = summary(runs.chartspec[action] ?? []);
      const lw = summary(runs.lwc[action] ?? []);
      const row = {
        bars,
        action,
        chartspec_p50_ms: cs.p50_ms,
        chartspec_p95_ms: cs.p95_ms,
        chartspec_work_p95_ms: cs.work_p95_ms,
        lightweight_charts_p50_ms: lw.p50_ms,
        lightweight_charts_p95_ms: lw.p95_ms,
        ratio_p95: ratio(cs.p95_ms, lw.p95_ms),
        lightweight_charts_work_p95_ms: lw.work_p95_ms,
        visible_bars: {
          chartspec: runs.chartspec.range?.bars ?? null,
          lightweight_charts: runs.lwc.range?.bars ?? null,
        },
        detail: { chartspec: cs, lightweight_charts: lw },
        samples: { chartspec: runs.chartspec[action] ?? [], lightweight_charts: runs.lwc[action] ?? [] },
        ...(runs.chartspec.error || runs.lwc.error
          ? { errors: { chartspec: runs.chartspec.error, lightweight_charts: runs.lwc.error } }
          : {}),
      };
      rows.push(row);
      log(
        `${action} at ${bars} bars: Chartspec p50 ${row.chartspec_p50_ms} / p95 ${row.chartspec_p95_ms} ms (work p95 ${row.chartspec_work_p95_ms}), ` +
          `lightweight-charts p50 ${row.lightweight_charts_p50_ms} / p95 ${row.lightweight_charts_p95_ms} ms, ratio ${row.ratio_p95}`,
      );
    }
  }
  return rows;
}

/** One bar appended at a time to a freshly drawn chart (its whole range on screen), timed to its frame. */
async function appends(browser, base, lib) {
  let opened;
  try {
    opened = await chartPage(browser, base, lib, INTERACTION.appendBars);
    const out = [];
    for (let i = 0; i < INTERACTION.appends; i++)
      out.push(
        figures(
          await withTimeout(
            ix(opened.page, () => window.__fin.ix.append()),
            60000,
            'append',
          ),
        ),
      );
    return out;
  } catch (e) {
    return [{ error: e.message.split('\n')[0] }];
  } finally {
    await opened?.context.close().catch(() => {});
  }
}

export async function appendBar(browser, base, log) {
  const cs = await appends(browser, base, 'chartspec');
  const lw = await appends(browser, base, 'lwc');
  const med = (xs, k) =>
    p(
      xs.filter((s) => s[k] !== undefined).map((s) => s[k]),
      50,
    );
  const res = {
    bars: INTERACTION.appendBars,
    chartspec_ms: med(cs, 'frame_ms'),
    lightweight_charts_ms: med(lw, 'frame_ms'),
    ratio: null,
    chartspec_work_ms: med(cs, 'work_ms'),
    lightweight_charts_work_ms: med(lw, 'work_ms'),
    appends: INTERACTION.appends,
    samples: { chartspec: cs, lightweight_charts: lw },
  };
  res.ratio = ratio(res.chartspec_ms, res.lightweight_charts_ms);
  log(
    `append 1 bar to ${res.bars}: Chartspec ${res.chartspec_ms} ms (work ${res.chartspec_work_ms}), lightweight-charts ${res.lightweight_charts_ms} ms, ratio ${res.ratio}`,
  );
  return res;
}
