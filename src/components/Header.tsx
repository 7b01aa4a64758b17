import type { ReactNode } from 'react';
import type { Language } from '../core/language';
import type { ChartState } from './ChartView';

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
        <svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1e3a8a" />
          <path d="M9 8v16M16 6v18M23 10v14" stroke="#e2e8f0" strokeWidth="2" strokeLinecap="round" />
          <rect x="7" y="12" width="4" height="8" rx="1" fill="#34d399" />
          <rect x="14" y="9" width="4" height="9" rx="1" fill="#f87171" />
          <rect x="21" y="13" width="4" height="7" rx="1" fill="#34d399" />
        </svg>
        <span className="name">Chartspec</span>
      </div>
      <span className="lang" data-testid="language">{language === 'vega' ? 'Vega 6' : 'Vega-Lite 6'}</span>
      <span className={`status ${state}`} data-testid="status">
        <span className="dot" />
        {stateLabel[state]}
        {timings && state !== 'stale' ? <span className="muted"> · compiled in {Math.round(timings.total)} ms</span> : null}
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
