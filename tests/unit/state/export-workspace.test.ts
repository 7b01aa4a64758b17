import { describe, expect, it } from 'vitest';
import { useFakeClock } from './harness';
import { page, workspace as workspaceOf } from './workspace-harness';

/** The export workflows of the workspace over a live session: the chart theme, a stale chart, the Vega Editor link. */
const BAR = JSON.stringify({
  title: 'Bars',
  data: { values: [{ k: 'a', v: 1 }] },
  mark: 'bar',
  encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } },
});

async function workspace() {
  const env = page({
    // Notices that go away after a while stay here: these tests read them at once.
    later: () => {},
  });
  const { h, ws, calls } = await workspaceOf(BAR, {}, env);
  return { h, ws, exported: calls.exported };
}

useFakeClock();

describe('exports in the workspace', () => {
  it('carry the chart theme the page draws in', async () => {
    const { ws, exported } = await workspace();
    await ws.exportAs('vega-lite', 'excel');
    await ws.exportAs('png1');
    expect(exported.map((x) => [x.kind, x.source.theme])).toEqual([
      ['vega-lite', 'excel'],
      ['png1', undefined],
    ]);
  });

  it('ask first while the chart on screen is the last good one, and say so in the Vega Editor link', async () => {
    const { h, ws } = await workspace();
    expect(ws.exports().every((x) => x.confirm === undefined)).toBe(true);
    expect((await ws.share()).vegaEditor).toEqual({ url: expect.stringContaining('#/url/vega-lite/') });

    await h.type(BAR.replace('"mark":"bar"', '"mark":"bar",,'));
    expect(h.live.status().state).toBe('stale');
    const choices = ws.exports();
    expect(choices.every((x) => x.disabled === undefined)).toBe(true);
    expect(choices.map((x) => x.confirm)).toEqual(
      choices.map(() => 'The text has 1 error, so this exports the last good chart on screen, not the current text.'),
    );
    const { vegaEditor } = await ws.share('excel');
    expect(vegaEditor.note).toBe('Of the last good chart: the text has 1 error.');
    // The link carries the chart on screen, not the broken text.
    expect(vegaEditor.url).toContain('#/url/vega-lite/');

    await h.type(BAR);
    expect(ws.exports().every((x) => x.confirm === undefined)).toBe(true);
  });
});
