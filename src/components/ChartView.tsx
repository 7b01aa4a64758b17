import { useEffect, useMemo, useRef } from 'react';
import { VegaEmbed } from 'react-vega';
import type { Result } from 'vega-embed';
import type { Spec as VegaSpec, View } from 'vega';
import { parse as parseVega } from 'vega';
import { embedOptionsFor, installCspSafeFormats, setRuntimeSink, tooManyItemsForSvg } from '../io/vega-runtime';
import { fuseLevelOfDetail, installLevelOfDetail } from '../io/level-of-detail';
import type { LogEntry } from '../core/logger';

installCspSafeFormats();
installLevelOfDetail();

export type ChartState = 'empty' | 'drawing' | 'ready' | 'stale';

interface ChartViewProps {
  /** The Vega spec to draw. */
  spec: VegaSpec | undefined;
  /** The text version the chart on screen is up to date with. */
  version: number;
  /** The text version of the newest compiled spec (recorded when it is drawn). */
  drawingVersion: number;
  state: ChartState;
  /** Shown over a stale chart: why it is not the current text. */
  staleReason?: string;
  onDrawn(spec: VegaSpec): void;
  onRuntime(spec: VegaSpec, entries: LogEntry[]): void;
  onFailed(spec: VegaSpec, entries: LogEntry[]): void;
  /** The Vega view on screen (for exports), or undefined when there is none. */
  onView?(view: View | undefined): void;
  /** Shown instead of the usual hint when there is nothing to draw. */
  idleMessage?: string;
}

/**
 * Draws a compiled Vega spec with react-vega. Vega's runtime warnings and errors (a data URL
 * that fails, an expression error) come back as log entries for the Problems list.
 */
export function ChartView({ spec, version, drawingVersion, state, staleReason, onDrawn, onRuntime, onFailed, onView, idleMessage }: ChartViewProps) {
  const specRef = useRef(spec);
  const drawingVersionRef = useRef(drawingVersion);
  drawingVersionRef.current = drawingVersion;
  const entries = useRef<LogEntry[]>([]);
  const callbacks = useRef({ onDrawn, onRuntime, onFailed, onView });
  callbacks.current = { onDrawn, onRuntime, onFailed, onView };

  // Vega's parser throws on a bad expression; finding that here keeps react-vega from ever
  // being handed a spec that cannot become a view.
  // What is drawn: the spec with the financial marks' level of detail run in one pass (the
  // spec itself when it has none; see src/io/level-of-detail.ts).
  const runtimeSpec = useMemo(() => spec && fuseLevelOfDetail(spec), [spec]);
  const parseError = useMemo(() => {
    if (!runtimeSpec) return undefined;
    try {
      parseVega(runtimeSpec, undefined, { ast: true });
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [runtimeSpec]);
  const drawable = runtimeSpec && !parseError ? runtimeSpec : undefined;
  // Many marks go on a canvas, few into SVG (see `embedOptionsFor`).
  const options = useMemo(() => (drawable ? embedOptionsFor(drawable) : undefined), [drawable]);

  // Messages logged while a spec is embedded belong to that spec.
  useEffect(() => {
    specRef.current = spec;
    entries.current = [];
    if (!spec) return;
    setRuntimeSink((entry) => {
      entries.current.push(entry);
      callbacks.current.onRuntime(spec, [...entries.current]);
    });
    if (parseError) callbacks.current.onFailed(spec, [{ level: 'error', message: parseError }]);
  }, [spec, parseError]);

  const handleEmbed = (result: Result) => {
    // The drawn view, on the chart's element (no global): tests read the scenegraph and SVG there.
    const el = result.view.container();
    if (el) Object.defineProperty(el, 'chartspecView', { value: result.view, configurable: true });
    const drawnSpec = specRef.current;
    if (!drawnSpec) return;
    const done = () => {
      if (specRef.current !== drawnSpec) return;
      callbacks.current.onView?.(result.view);
      performance.mark('chartspec:drawn', { detail: { version: drawingVersionRef.current } });
      callbacks.current.onDrawn(drawnSpec);
    };
    // Data that came by URL can turn out to be large: then the drawn view moves to a canvas.
    if (result.view.renderer() === 'svg' && tooManyItemsForSvg(result.view)) {
      result.view.renderer('canvas');
      result.view.runAsync().then(done, handleError);
    } else done();
  };
  const handleError = (error: unknown) => {
    const failedSpec = specRef.current;
    if (!failedSpec) return;
    callbacks.current.onFailed(failedSpec, [
      ...entries.current,
      { level: 'error', message: error instanceof Error ? error.message : String(error) },
    ]);
  };

  return (
    <div className="chart-pane" data-state={state} data-version={version}>
      {drawable ? (
        <div className="chart-scroll">
          <VegaEmbed
            className="chart"
            data-testid="chart"
            spec={drawable}
            options={options}
            onEmbed={handleEmbed}
            onError={handleError}
          />
        </div>
      ) : (
        <div className="chart-empty" data-testid="chart-empty">
          {idleMessage ? (
            <p data-testid="chart-idle">{idleMessage}</p>
          ) : (
            <>
              <p>Nothing to draw yet.</p>
              <p className="muted">Fix the problems below and the chart appears here.</p>
            </>
          )}
        </div>
      )}
      {state === 'stale' && (
        <div className="stale-badge" role="status" data-testid="stale">
          <span className="dot" /> Showing the last good chart{staleReason ? ` · ${staleReason}` : ''}
        </div>
      )}
    </div>
  );
}
