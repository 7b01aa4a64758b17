import { lazy, Suspense, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { ChartTab } from '../io/preferences';
import type { CompiledViewProps } from './CompiledView';
import type { DataViewerProps } from './DataViewer';

/**
 * The compiled specs and the data sets are chunks of their own, loaded when their tab is first
 * opened: most visits never open them, and the chart should not wait for them.
 */
const CompiledView = lazy(() => import('./CompiledView').then((m) => ({ default: m.CompiledView })));
const DataViewer = lazy(() => import('./DataViewer').then((m) => ({ default: m.DataViewer })));

const TABS: [ChartTab, string][] = [
  ['chart', 'Chart'],
  ['compiled', 'Compiled'],
  ['data', 'Data'],
];

interface ChartTabsProps {
  tab: ChartTab;
  onTab(tab: ChartTab): void;
  /** The chart pane (ChartView). */
  chart: ReactNode;
  compiled: CompiledViewProps;
  data: DataViewerProps;
}

const Loading = () => <p className="pane-note muted">Loading…</p>;

/**
 * The chart pane's tabs: the chart, the compiled specs, the data sets. The chart stays mounted
 * (hidden) behind the other tabs, so its view, which the data tab reads, lives on and the chart is
 * not drawn again on the way back; the other two are mounted only while shown, so they cost
 * nothing while the user types with the chart in front.
 */
export function ChartTabs({ tab, onTab, chart, compiled, data }: ChartTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  // Arrow keys, Home and End move between the tabs and show the one they land on (WAI-ARIA tabs).
  const onKeyDown = (e: KeyboardEvent) => {
    const at = TABS.findIndex(([t]) => t === tab);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onTab(TABS[to]![0]);
    list.current?.querySelector<HTMLElement>(`#chart-tab-${TABS[to]![0]}`)?.focus();
  };
  const panel = (t: ChartTab, body: ReactNode) => (
    <div
      key={t}
      id={`chart-panel-${t}`}
      role="tabpanel"
      aria-labelledby={`chart-tab-${t}`}
      className={`chart-tabpanel${t === tab ? '' : ' inactive'}`}
      data-testid={`panel-${t}`}
      hidden={t !== tab && t !== 'chart'}
      inert={t !== tab}
    >
      {body}
    </div>
  );
  return (
    <div className="chart-tabs">
      <div className="tab-bar" role="tablist" aria-label="Chart pane" ref={list} onKeyDown={onKeyDown}>
        {TABS.map(([t, label]) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`chart-tab-${t}`}
            aria-selected={t === tab}
            // Only the chart's panel is there while another tab is shown.
            aria-controls={t === tab || t === 'chart' ? `chart-panel-${t}` : undefined}
            tabIndex={t === tab ? 0 : -1}
            className="tab"
            data-testid={`tab-${t}`}
            onClick={() => onTab(t)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="chart-tab-body">
        {panel('chart', chart)}
        {tab === 'compiled' &&
          panel(
            'compiled',
            <Suspense fallback={<Loading />}>
              <CompiledView {...compiled} />
            </Suspense>,
          )}
        {tab === 'data' &&
          panel(
            'data',
            <Suspense fallback={<Loading />}>
              <DataViewer {...data} />
            </Suspense>,
          )}
      </div>
    </div>
  );
}
