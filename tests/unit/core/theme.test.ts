import * as vegaThemes from 'vega-themes';
import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../src/core/pipeline';
import { withTheme } from '../../../src/core/theme';
import { CHART_THEMES, chartThemeName, PAGE_DARK_BACKGROUND, PAGE_DARK_THEME } from '../../../src/io/preferences';
import { PipelineSession } from '../../../src/workers/pipeline-session';
import type { PipelineResponse, SpecResponse } from '../../../src/workers/protocol';
import { chartThemes } from '../../../src/workers/themes';

const BAR = JSON.stringify({
  data: { values: [{ a: 'x', b: 1 }] },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
});

describe('chart themes', () => {
  it('the theme goes under the spec’s own config: what the spec sets wins', () => {
    const spec = { mark: 'bar', config: { background: 'pink', axis: { labelColor: 'red' } } };
    const themed = withTheme(spec, { background: '#333', axis: { labelColor: '#fff', gridColor: '#444' } });
    expect(themed).toEqual({
      mark: 'bar',
      config: { background: 'pink', axis: { labelColor: 'red', gridColor: '#444' } },
    });
    expect(withTheme(spec, undefined)).toBe(spec);
  });

  it('a Vega-Lite spec is compiled in it (its mark colors reach the marks); a Vega spec takes it as config', () => {
    const excel = vegaThemes.excel as never;
    const vega = runPipeline(BAR, { theme: excel }).vega!;
    expect(vega.background).toBe('#fff');
    expect(JSON.stringify(vega)).toContain('#4572a7');
    const raw = JSON.stringify({ $schema: 'https://vega.github.io/schema/vega/v6.json', marks: [] });
    expect(runPipeline(raw, { theme: vegaThemes.dark as never }).vega!.config).toMatchObject({ background: '#333' });
  });

  it('the list offered is vega-themes’ own, with the automatic choice first', () => {
    const offered = CHART_THEMES.filter((t) => t !== 'auto');
    expect([...offered].sort()).toEqual(
      Object.keys(chartThemes(vegaThemes))
        .filter((t) => t !== PAGE_DARK_THEME)
        .sort(),
    );
    expect(CHART_THEMES[0]).toBe('auto');
  });

  it('automatic: no theme on a light page, dark on the pane’s color on a dark one; a chosen theme in both', () => {
    expect(chartThemeName('auto', false)).toBeUndefined();
    expect(chartThemeName('auto', true)).toBe(PAGE_DARK_THEME);
    expect(chartThemeName('excel', true)).toBe('excel');
    expect(chartThemes(vegaThemes)[PAGE_DARK_THEME]).toMatchObject({ background: PAGE_DARK_BACKGROUND });
  });

  it('the pipeline worker compiles the same text again when the theme changes, not when it stays', () => {
    const worker = new PipelineSession({ themes: chartThemes(vegaThemes) });
    const compile = (id: number, theme?: string) => {
      const result = worker.handle({ id, text: BAR, ...(theme ? { theme } : {}) }) as PipelineResponse;
      const spec = worker.handle({ kind: 'spec', id }) as SpecResponse;
      return { result, spec };
    };
    const plain = compile(1);
    expect(plain.spec.vega!.background).toBe('white'); // Vega-Lite's own
    const dark = compile(2, PAGE_DARK_THEME);
    expect(dark.result).toMatchObject({ spec: 'changed', reused: false });
    expect(dark.spec.vega!.background).toBe(PAGE_DARK_BACKGROUND);
    expect(compile(3, PAGE_DARK_THEME).result).toMatchObject({ spec: 'same', reused: true });
  });
});
