import { describe, expect, it, vi } from 'vitest';
import { loadSavedText } from '../../../src/io/storage';
import { LIVE_TIMING } from '../../../src/state/live-session';
import { startingText } from '../../../src/state/start';
import { installStorage, LiveHarness, useFakeClock } from './harness';

const BAR = (n = 3, mark = 'bar') =>
  JSON.stringify(
    {
      data: { values: Array.from({ length: n }, (_, i) => ({ k: `k${i}`, v: i + 1 })) },
      mark,
      encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } },
    },
    null,
    2,
  );

interface SceneNode {
  marktype?: string;
  items?: SceneNode[];
}

/** The rect items the pane's view draws (the bars). */
const rects = (h: LiveHarness) => {
  const count = (node: SceneNode): number =>
    (node.marktype === 'rect' ? (node.items?.length ?? 0) : 0) +
    (node.items ?? []).reduce((n, child) => n + (child && typeof child === 'object' ? count(child) : 0), 0);
  return count((h.pane.view as unknown as { scenegraph(): { root: SceneNode } }).scenegraph().root);
};

const noAddress = (hash = '') => ({ hash: () => hash, clearHash: () => {}, loadExample: async () => undefined });

useFakeClock();

async function started(text = BAR()) {
  const h = new LiveHarness({ text, lockedOut: false });
  h.live.start();
  h.answer();
  await h.drawn();
  return h;
}

describe('the live loop', () => {
  it('compiles the first text at once and draws it: drawing, then ready with the version on screen', async () => {
    const h = new LiveHarness({ text: BAR(), lockedOut: false });
    h.live.start();
    expect(h.toPipeline).toEqual([{ id: 1, text: BAR() }]);
    expect(h.live.status().state).toBe('empty');
    h.answer();
    expect(h.live.status().state).toBe('drawing');
    await h.drawn();
    expect(h.live.status()).toMatchObject({ state: 'ready', shownVersion: 1, problems: [] });
    expect(rects(h)).toBe(3);
  });

  it('sends only the text typed last, once typing pauses', async () => {
    const h = await started();
    for (const n of [4, 5, 6]) h.live.setText(BAR(n));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.typingPause - 10);
    expect(h.toPipeline).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(h.toPipeline).toEqual([{ id: 2, text: BAR(6) }]);
    h.answer();
    await h.drawn();
    expect(rects(h)).toBe(6);
    expect(h.live.status().shownVersion).toBe(2);
  });

  it('an edit of spacing only keeps the same spec: nothing redraws, the chart is current', async () => {
    const h = await started();
    const view = h.pane.view;
    const spec = h.live.status().shown!.spec;
    await h.type(BAR().replace(/\n/g, '\n '));
    expect(h.live.status()).toMatchObject({ state: 'ready', shownVersion: 2 });
    expect(h.live.status().shown!.spec).toBe(spec);
    expect(h.pane.view).toBe(view);
  });

  it('a text with a mistake keeps the last good chart, stale, with the problem at its place', async () => {
    const h = await started();
    await h.type(BAR().replace('"mark": "bar",', '"mark": "bar"'));
    const status = h.live.status();
    expect(status.state).toBe('stale');
    expect(status.summary).toEqual({
      verdict: 'kept',
      headline: 'Last good chart kept · 1 error',
      because: `${status.problems[0]!.message.replace(/\.$/, '')} at ${status.problems[0]!.range.start.line}:${status.problems[0]!.range.start.column}`,
    });
    expect(status.problems).toHaveLength(1);
    expect(status.problems[0]).toMatchObject({ severity: 'error', source: 'parse' });
    expect(status.problems[0]!.range.start.line).toBeGreaterThan(1);
    expect(status.shownVersion).toBe(1);
    expect(rects(h)).toBe(3);
    // Fixed: drawn again, current.
    await h.type(BAR(4));
    expect(h.live.status()).toMatchObject({ state: 'ready', shownVersion: 3, problems: [] });
    expect(rects(h)).toBe(4);
  });

  it('a spec that compiles but cannot become a view keeps the last good chart, and its error is placed', async () => {
    const vegaSpec = (data: string) =>
      JSON.stringify(
        {
          $schema: 'https://vega.github.io/schema/vega/v6.json',
          data: [{ name: 't', values: [{ x: 1 }, { x: 2 }] }],
          scales: [{ name: 'x', domain: { data, field: 'x' }, range: 'width' }],
          marks: [
            {
              type: 'rect',
              from: { data: 't' },
              encode: { enter: { x: { scale: 'x', field: 'x' }, width: { value: 5 } } },
            },
          ],
        },
        null,
        2,
      );
    const h = await started(vegaSpec('t'));
    const good = h.live.status().shown!.spec;
    expect(rects(h)).toBe(2);
    // Vega finds the unknown data set only when it makes the view: the pane fails, the worker compiled it.
    await h.type(vegaSpec('nosuch'));
    expect(h.live.get().failed).toBe(h.live.get().candidate!.spec);
    expect(h.live.status()).toMatchObject({
      state: 'stale',
      shown: { spec: good },
      summary: {
        verdict: 'kept',
        headline: 'Last good chart kept · a problem',
        because: 'the newest spec did not draw',
      },
    });
    expect(h.pane.view).toBeDefined();
    expect(rects(h)).toBe(2);
    // The pane's error goes to the worker to be placed in the text, then it is the problem.
    expect(h.toPipeline).toEqual([expect.objectContaining({ kind: 'runtime', id: 2 })]);
    h.answer();
    const problems = h.live.status().problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', source: 'runtime' });
    expect(problems[0]!.message).toMatch(/nosuch/);
    expect(h.live.status().summary).toMatchObject({
      headline: 'Last good chart kept · 1 error',
      because: expect.stringMatching(/nosuch.* at \d+:\d+$/),
    });
  });

  it('a worker that stops is one problem for the current text; the next answer clears it', async () => {
    const h = await started();
    h.live.setText(BAR(4));
    await vi.advanceTimersByTimeAsync(100);
    const [sent] = h.toPipeline.splice(0);
    h.live.onPipelineFailure(sent!, 'out of memory');
    expect(h.live.status().problems.map((p) => p.message)).toEqual([
      'The pipeline stopped on this text: out of memory',
    ]);
    h.live.onPipelineAnswer(h.worker.handle(sent!));
    h.answer();
    await h.drawn();
    expect(h.live.status()).toMatchObject({ state: 'ready', problems: [] });
  });

  it('answers for an older text are ignored', async () => {
    const h = await started();
    h.live.setText(BAR(4));
    await vi.advanceTimersByTimeAsync(100);
    const [older] = h.toPipeline.splice(0);
    h.live.setText(BAR(5));
    await vi.advanceTimersByTimeAsync(100);
    h.live.onPipelineAnswer(h.worker.handle(older!));
    expect(h.live.status().currentVersion).toBe(1);
    h.answer();
    await h.drawn();
    expect(rects(h)).toBe(5);
  });

  it('the same problems array while nothing about them changes (the editor keeps its markers)', async () => {
    const h = await started(BAR().replace('"bar"', '"bar" x'));
    const problems = h.live.status().problems;
    expect(problems.length).toBeGreaterThan(0);
    h.live.setView(undefined);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.bootWait);
    expect(h.live.status().problems).toBe(problems);
  });
});

describe('autosave and the lock-out', () => {
  it('saves the text after a pause in typing, and a reload opens it', async () => {
    const h = await started();
    h.live.setText(BAR(7));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.autosave - 50);
    expect(loadSavedText()).toBe(BAR()); // stored with the drawing mark of the first chart
    await vi.advanceTimersByTimeAsync(100);
    expect(loadSavedText()).toBe(BAR(7));
    const reloaded = await startingText('{"welcome": true}', noAddress());
    expect(reloaded).toEqual({
      text: BAR(7),
      start: { fileName: 'chart.vl.json', pristine: false, gallery: false, lockedOut: false },
    });
  });

  it('a big text waits for a longer pause', async () => {
    const h = await started();
    const big = BAR(4000);
    expect(big.length).toBeGreaterThan(LIVE_TIMING.largeText);
    h.live.setText(big);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.autosave + 50);
    expect(loadSavedText()).not.toBe(big);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.autosaveLarge);
    expect(loadSavedText()).toBe(big);
  });

  it('a full storage is said, and the loop goes on', async () => {
    installStorage(500);
    const h = await started();
    await h.type(BAR(40));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.autosave);
    expect(h.live.get().saveWarning).toMatch(/storage|full|space/i);
    expect(rects(h)).toBe(40);
  });

  it('a page that dies while drawing opens the text next time without drawing it, until asked', async () => {
    const h = new LiveHarness({ text: BAR(), lockedOut: false });
    h.live.start();
    // The spec arrives and its drawing starts, and the page dies before the pane says it drew.
    h.live.onPipelineAnswer(h.worker.handle(h.toPipeline.shift()!));
    h.live.onPipelineAnswer(h.worker.handle(h.toPipeline.shift()!));
    expect(h.live.status().state).toBe('drawing');
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.autosave);

    const next = await startingText('{}', noAddress());
    expect(next.text).toBe(BAR());
    expect(next.start.lockedOut).toBe(true);
    expect(next.start.notice).toMatch(/stopped .* while drawing this spec/);

    const after = new LiveHarness({ text: next.text, lockedOut: true });
    after.live.start();
    after.live.setText(BAR(4));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.bootWait);
    expect(after.toPipeline).toEqual([]);
    expect(after.live.status().state).toBe('empty');
    after.live.runNow();
    expect(after.toPipeline).toEqual([{ id: 1, text: BAR(4) }]);
    after.answer();
    await after.drawn();
    expect(after.live.status().state).toBe('ready');
    // Drawn: the mark is gone, and the next start draws.
    expect((await startingText('{}', noAddress())).start.lockedOut).toBe(false);
  });

  it('a drawing that finishes clears the mark', async () => {
    await started();
    expect((await startingText('{}', noAddress())).start.lockedOut).toBe(false);
  });
});

describe('booting', () => {
  it('the precise schema check and the editor wait for the first chart', async () => {
    const h = new LiveHarness({ text: BAR(), lockedOut: false });
    h.live.start();
    expect(h.toSchema).toEqual([]);
    expect(h.live.get().booted).toBe(false);
    h.live.onPipelineAnswer(h.worker.handle(h.toPipeline.shift()!));
    h.live.onPipelineAnswer(h.worker.handle(h.toPipeline.shift()!));
    h.answer();
    await h.drawn();
    // The first chart is on screen: the precise check of the newest text is asked for now.
    expect(h.live.get().booted).toBe(true);
    expect(h.toSchema).toEqual([{ id: 1, text: BAR(), precise: true }]);
    expect(h.live.get().editorTurn).toBe(false);
    h.answer();
    expect(h.live.get().editorTurn).toBe(true);
    // From now on every text goes to the schema check too.
    h.live.setText(BAR(4));
    await vi.advanceTimersByTimeAsync(100);
    expect(h.toSchema).toEqual([{ id: 2, text: BAR(4), precise: true }]);
  });

  it('without a chart, everything starts after a while anyway', async () => {
    const h = new LiveHarness({ text: '{', lockedOut: false });
    h.live.start();
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.bootWait + 10);
    expect(h.live.get().booted).toBe(true);
    expect(h.toSchema).toEqual([{ id: 1, text: '{', precise: true }]);
    expect(h.live.get().editorTurn).toBe(false);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.editorWait);
    expect(h.live.get().editorTurn).toBe(true);
  });

  it('the early workers’ request stands for the first text: nothing is sent again', async () => {
    const h = new LiveHarness({ text: BAR(), lockedOut: false, early: { id: 1 } });
    h.live.start();
    expect(h.toPipeline).toEqual([]);
    h.live.onPipelineAnswer(h.worker.handle({ id: 1, text: BAR() }));
    h.answer();
    await h.drawn();
    expect(h.live.status()).toMatchObject({ state: 'ready', shownVersion: 1 });
  });
});

describe('chart themes', () => {
  it('a theme chosen while drawing compiles the text again at once, in that theme', async () => {
    const h = await started();
    h.live.setTheme('excel');
    expect(h.toPipeline).toEqual([{ id: 2, text: BAR(), theme: 'excel' }]);
    h.answer();
    await h.drawn();
    expect(h.live.status().shown!.spec.background).toBe('#fff');
    h.live.setTheme('excel');
    expect(h.toPipeline).toEqual([]);
  });

  it('the early request was made in the start’s theme; a theme chosen before the loop starts is compiled then', () => {
    const same = new LiveHarness({ text: BAR(), lockedOut: false, early: { id: 1 }, theme: 'dark' });
    same.live.start();
    expect(same.toPipeline).toEqual([]);
    const changed = new LiveHarness({ text: BAR(), lockedOut: false, early: { id: 1 }, theme: 'dark' });
    changed.live.setTheme(undefined);
    changed.live.start();
    expect(changed.toPipeline).toEqual([{ id: 2, text: BAR() }]);
  });
});
