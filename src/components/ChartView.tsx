import { useEffect, useMemo, useRef, useState } from 'react';
import { VegaEmbed } from 'react-vega';
import type { Result } from 'vega-embed';
import type { Spec as VegaSpec, View } from 'vega';
import { parse as parseVega } from 'vega';
import equal from 'fast-deep-equal';
import { valuesPatch } from '../core/data-patch';
import { loadTransforms } from '../render/vega-transforms';
import { CANVAS_EMBED_OPTIONS, drawnWithoutDescriptions, embedOptionsFor, runtimeSpec, setRuntimeSink, tooManyItemsForSvg, viewShows, withoutDescriptions } from '../render/vega-runtime';
import { patchView } from '../render/patch-view';
import { installPageVega } from '../render/page-vega';
import type { LogEntry } from '../core/logger';

installPageVega();

export type ChartState = 'empty' | 'drawing' | 'ready' | 'stale';

/** Resolves in a later task of the page. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Parts of two specs are the same: the same object (a patched spec shares them), or equal. */
const sameValue = (a: unknown, b: unknown) => a === b || equal(a, b);

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

  // The spec react-vega embeds. A new spec that differs from the one in the live view only in
  // rows of inline data is applied to that view instead (typing into a big table of values).
  // A spec whose transforms are still loading (see vega-transforms.ts) is embedded by `sync`.
  const [embedSpec, setEmbedSpec] = useState(() => (spec && !loadTransforms(spec) ? spec : undefined));
  const embedSpecRef = useRef(embedSpec);
  embedSpecRef.current = embedSpec;
  /** The app's spec that `embedSpec` stands for (a copy of it when the same spec is embedded again). */
  const embedTarget = useRef(spec);
  /** Set while react-vega embeds `embedSpec`: its view replaces the live one. */
  const pending = useRef(embedSpec !== undefined);
  // The live view, the spec it shows now, and the spec it was embedded from.
  const live = useRef<{ view: View; spec: VegaSpec; embedded: VegaSpec } | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const embed = (target: VegaSpec | undefined) => {
    embedTarget.current = target;
    pending.current = target !== undefined;
    // The very object embedded before (now showing other rows): a copy makes react-vega embed it.
    setEmbedSpec(target !== undefined && target === embedSpecRef.current ? { ...target } : target);
  };
  /** Brings the chart to the newest spec: by a patch of the live view where one does, else anew. */
  const sync = () => {
    queue.current = queue.current.then(async () => {
      const target = specRef.current;
      const current = live.current;
      if (current && target === current.spec) return;
      if (pending.current) return; // the embedding view syncs when it is there
      const patch = current && target ? valuesPatch(current.spec, target, sameValue) : undefined;
      if (current && target && patch) {
        // The view runs in a task of its own: what the app does for a new spec (its drawing mark
        // in storage, written before any drawing) is done in the task before, and keys pressed
        // meanwhile are handled in between.
        await nextTask();
        if (specRef.current !== target) return; // a newer spec came: its own sync patches to it
        if (await patchView(current.view, current.spec, patch)) {
          live.current = { ...current, spec: target };
          viewShows(current.view, target);
          if (specRef.current !== target) return;
          callbacks.current.onView?.(current.view);
          performance.mark('chartspec:drawn', { detail: { version: drawingVersionRef.current, patched: true } });
          callbacks.current.onDrawn(target);
          return;
        }
      }
      // Transforms Vega loads on demand (geo, hierarchy, …) are there before the spec is parsed.
      const loading = target && loadTransforms(target);
      if (loading) {
        // One that fails to load leaves Vega's parser to say which transform it does not know.
        await loading.catch(() => {});
        if (specRef.current !== target) return sync();
      }
      embed(target);
    });
  };
  // What is drawn (`runtimeSpec`: the financial marks’ transforms fused, copies of rows Vega writes into). On a canvas, without
  // the marks' descriptions (aria-labels, which only SVG shows): Vega would make one for every item
  // each time the items are encoded, as when a typed value moves a scale. SVG export has them.
  const drawn = useMemo(() => {
    if (!embedSpec) return undefined;
    const spec = runtimeSpec(embedSpec);
    return embedOptionsFor(spec) === CANVAS_EMBED_OPTIONS ? { spec: withoutDescriptions(spec), described: false } : { spec, described: true };
  }, [embedSpec]);
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  const runtime = drawn?.spec;
  // Vega's parser throws on a bad expression; finding that here keeps react-vega from ever
  // being handed a spec that cannot become a view.
  const parseError = useMemo(() => {
    if (!runtime) return undefined;
    try {
      parseVega(runtime, undefined, { ast: true });
      return undefined;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }, [runtime]);
  const drawable = runtime && !parseError ? runtime : undefined;
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
  }, [spec]);
  useEffect(sync, [spec]);
  // A spec that cannot become a view fails once it is the one to embed; no view is there then.
  useEffect(() => {
    if (!drawable) {
      live.current = undefined;
      pending.current = false;
    }
    if (spec && parseError && spec === embedTarget.current) callbacks.current.onFailed(spec, [{ level: 'error', message: parseError }]);
  }, [spec, embedSpec, parseError]);

  const handleEmbed = (result: Result) => {
    // The drawn view, on the chart's element (no global): tests read the scenegraph and SVG there.
    const el = result.view.container();
    if (el) Object.defineProperty(el, 'chartspecView', { value: result.view, configurable: true });
    if (drawnRef.current?.described === false && embedTarget.current) drawnWithoutDescriptions(result.view, embedTarget.current);
    pending.current = false;
    live.current = embedSpecRef.current && embedTarget.current ? { view: result.view, spec: embedTarget.current, embedded: embedSpecRef.current } : undefined;
    const drawnSpec = specRef.current;
    if (!drawnSpec) return;
    const done = () => {
      // A newer spec arrived while this one was embedded: it may be a patch away.
      if (specRef.current !== drawnSpec || live.current?.spec !== drawnSpec) return sync();
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
    live.current = undefined;
    pending.current = false;
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
