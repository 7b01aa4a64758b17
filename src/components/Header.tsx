import type { ReactNode } from 'react';
import type { Language } from '../core/language';
import type { ChartState } from '../state/chart-status';
import { BRAND_SVG } from './brand';

interface HeaderProps {
  language: Language;
  state: ChartState;
  timings?: { total: number };
  onFormat(): void;
  /** Open, Save, Export, Share, Gallery, Help. */
  toolbar?: ReactNode;
}

const stateLabel: Record<ChartState, string> = {
  empty: 'Nothing drawn yet',
  drawing: 'Drawing…',
  ready: 'Up to date',
  stale: 'Text has problems: chart kept',
};

export function Header({ language, state, timings, onFormat, toolbar }: HeaderProps) {
  return (
    <header className="topbar">
      <div className="brand">
        <span className="brand-mark" dangerouslySetInnerHTML={{ __html: BRAND_SVG }} />
        <span className="name">Chartspec</span>
      </div>
      <span className="lang" data-testid="language">
        {language === 'vega' ? 'Vega 6' : 'Vega-Lite 6'}
      </span>
      <span className={`status ${state}`} data-testid="status">
        <span className="dot" />
        {stateLabel[state]}
        {timings && state !== 'stale' ? (
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
