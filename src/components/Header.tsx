import type { ReactNode } from 'react';
import type { Language } from '../core/language';
import type { ChartState, Summary } from '../state/chart-status';
import { BRAND_SVG } from './brand';

interface HeaderProps {
  language: Language;
  state: ChartState;
  /** The verdict on the chart, said as the chart pane and the problems list say it. */
  summary: Summary;
  timings?: { total: number };
  onFormat(): void;
  /** Open, Save, Export, Share, Gallery, Help. */
  toolbar?: ReactNode;
}

export function Header({ language, state, summary, timings, onFormat, toolbar }: HeaderProps) {
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark" dangerouslySetInnerHTML={{ __html: BRAND_SVG }} />
        <span className="name">Chartspec</span>
      </div>
      <span className="lang" data-testid="language">
        {language === 'vega' ? 'Vega 6' : 'Vega-Lite 6'}
      </span>
      <span
        className={`status ${state} ${summary.verdict}`}
        data-testid="status"
        data-verdict={summary.verdict}
        title={summary.because}
      >
        <span className="dot" />
        <span className="headline">{summary.headline}</span>
        {timings && state === 'ready' ? (
          <span className="muted"> · compiled in {Math.round(timings.total)} ms</span>
        ) : null}
      </span>
      <div className="spacer" />
      <div className="actions">
        {toolbar}
        <button type="button" className="ghost" onClick={onFormat} title="Format the spec (Shift+Alt+F)">
          Format
        </button>
      </div>
    </header>
  );
}
