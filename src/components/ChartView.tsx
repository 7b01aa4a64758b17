import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Spec as VegaSpec, View } from 'vega';
import { ChartSession } from '../render/chart-session';
import { installPageVega } from '../render/page-vega';
import type { LogEntry } from '../core/logger';
import type { RendererChoice } from '../io/preferences';
import type { ChartState, Summary } from '../state/chart-status';
import type { ExploreMeta } from '../core/explore';
import type { DrawingAction } from '../render/drawing-state';
import { DrawingBar } from './DrawingBar';
import { ExploreBar } from './ExploreBar';
import { Navigator } from './Navigator';

installPageVega();

interface ChartViewProps {
  /** The Vega spec to draw. */
  spec: VegaSpec | undefined;
  /** The text version the chart on screen is up to date with. */
  version: number;
  /** The text version of the newest compiled spec (recorded when it is drawn). */
  drawingVersion: number;
  state: ChartState;
  /** The verdict on the chart, as the header says it: over a kept chart, why it is kept. */
  summary?: Summary;
  onDrawn(spec: VegaSpec): void;
  onRuntime(spec: VegaSpec, entries: LogEntry[]): void;
  onFailed(spec: VegaSpec, entries: LogEntry[]): void;
  /** The Vega view on screen (for exports), or undefined when there is none. */
  onView?(view: View | undefined): void;
  /** Shown instead of the usual hint when there is nothing to draw. */
  idleMessage?: string;
  /** SVG, canvas, or as the page chooses (View › Chart drawn as); a change draws the chart anew. */
  renderer?: RendererChoice;
  /** Writes each explorable unit's range in view into the spec. */
  onKeepRange?(ranges: ReturnType<ChartSession['visibleRanges']>): void;
  /** Writes an option into the mark of each explorable unit (a toggle above the chart chose it). */
  onMarkOption?(units: ExploreMeta[], key: string, value: unknown): void;
  /** The editor's text and selection: drawings are read from it, the one selected is shown. */
  text?: string;
  selection?: { start: number; end: number } | undefined;
  /** Writes what was drawn, moved or picked on the chart into the spec. */
  onDrawing?(action: DrawingAction): void;
}

/**
 * The chart pane: a `ChartSession` (render/chart-session.ts) draws the spec and follows it (by a
 * data patch or anew); this component gives it the spec and an element, and draws the hint and
 * the stale badge around it. Vega's runtime warnings and errors come back through `onRuntime`.
 */
export function ChartView(props: ChartViewProps) {
  const { spec, version, drawingVersion, state, summary, idleMessage, renderer = 'auto' } = props;
  // The session outlives renders; it calls the newest callbacks the app gave.
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const [session] = useState(
    () =>
      new ChartSession(
        {
          onDrawn: (s) => callbacks.current.onDrawn(s),
          onRuntime: (s, entries) => callbacks.current.onRuntime(s, entries),
          onFailed: (s, entries) => callbacks.current.onFailed(s, entries),
          onView: (view) => callbacks.current.onView?.(view),
          onDrawing: (action) => callbacks.current.onDrawing?.(action),
        },
        { renderer },
      ),
  );
  // Before its first spec, the session is about to draw this one: room for it from the first paint.
  const hasChart = useSyncExternalStore(
    session.subscribe,
    () => session.hasChart() || (session.idle && spec !== undefined),
  );
  const explore = useSyncExternalStore(session.subscribe, session.exploreState);
  const drawable = useSyncExternalStore(session.subscribe, session.drawable);
  const drawing = useSyncExternalStore(session.subscribeDrawing, session.drawingSnapshot);
  const { text = '', selection } = props;
  useEffect(() => session.setSource(text, selection), [session, text, selection]);
  useEffect(() => session.setRenderer(renderer), [session, renderer]);
  useEffect(() => session.update(spec, drawingVersion), [session, spec, drawingVersion]);

  return (
    <div className="chart-pane" data-state={state} data-version={version}>
      {hasChart && explore && (
        <ExploreBar
          buttons={explore.buttons}
          active={explore.active}
          onRange={(token) => session.showRange(token)}
          onKeep={() => callbacks.current.onKeepRange?.(session.visibleRanges())}
          priceScale={explore.priceScale}
          onScale={(scale) => callbacks.current.onMarkOption?.(session.exploreUnits(), 'priceScale', scale)}
          replay={explore.replay}
          onReplay={(action) => session.replay(action)}
        />
      )}
      {hasChart ? (
        <div className="chart-body">
          {drawable && (
            <DrawingBar
              tool={drawing.tool}
              magnet={drawing.magnet}
              onTool={(tool) => session.setTool(tool)}
              onMagnet={(magnet) => session.setMagnet(magnet)}
              off={
                explore?.priceScale === 'percent'
                  ? 'drawings are written in prices; switch the price axis to Linear or Log to draw'
                  : undefined
              }
            />
          )}
          <div className="chart-scroll">
            <div className="chart" data-testid="chart" ref={session.attach} />
          </div>
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
      {hasChart && explore?.navigator && (
        <Navigator state={explore.navigator} onWindow={(window) => session.setWindow(window)} />
      )}
      {state === 'stale' && (
        <div className="stale-badge" role="status" data-testid="stale">
          <span className="dot" /> Showing the last good chart{summary?.because ? `, because ${summary.because}` : ''}
        </div>
      )}
      {summary?.verdict === 'drawn-errors' && (
        <div className="stale-badge ignored" role="status" data-testid="ignored">
          <span className="dot" /> Drawn without what is in error: {summary.because}
        </div>
      )}
    </div>
  );
}
