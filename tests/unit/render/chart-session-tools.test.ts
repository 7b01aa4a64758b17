import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Spec as VegaSpec } from 'vega';
import { runPipeline } from '../../../src/core/pipeline';
import { ChartSession } from '../../../src/render/chart-session';
import { headless } from '../state/harness';

// Drawing tools that cannot be set up on a chart (a bug in them, a chart they misread).
vi.mock('../../../src/render/drawing-controls', () => ({
  DrawingControls: class {
    constructor() {
      throw new Error('no tools here');
    }
  },
}));

const line = JSON.stringify({
  data: { values: [1, 2, 3, 4].map((i) => ({ t: i, v: i * i })) },
  mark: 'line',
  encoding: { x: { field: 't', type: 'quantitative' }, y: { field: 'v', type: 'quantitative' } },
});

describe('a chart whose drawing tools cannot be set up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is drawn without them, and the log says why', async () => {
    const spec = runPipeline(line, { drawable: true }).vega as VegaSpec;
    expect(JSON.stringify(spec)).toContain('chartspecDraw');
    // A page: the tools are made where there is a document.
    vi.stubGlobal('document', {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const drawn: VegaSpec[] = [];
    const failed: unknown[] = [];
    let wake: () => void = () => {};
    const settled = new Promise<void>((resolve) => (wake = resolve));
    const session = new ChartSession(
      {
        onDrawn: (s) => (drawn.push(s), wake()),
        onFailed: (s) => (failed.push(s), wake()),
        onRuntime: () => {},
      },
      { makeView: headless, nextTask: () => Promise.resolve() },
    );
    session.attach({} as HTMLElement);
    session.update(spec, 1);
    await settled;
    expect(failed).toEqual([]);
    expect(drawn).toEqual([spec]);
    // The tools come after the chart: a chart that can only be drawn on does not wait for them.
    await vi.waitFor(() => expect(String(logged.mock.calls[0]?.[0])).toContain('drawing tools could not be set up'));
  });
});
