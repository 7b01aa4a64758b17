import { useEffect, useState } from 'react';
import { formatPosition, type Problem } from '../core/problem';
import type { Summary } from '../state/chart-status';
import { counted, SEVERITY_ICONS } from './problem-labels';

interface ProblemsPanelProps {
  problems: readonly Problem[];
  /** True while the schema check for the current text has not answered yet. */
  checking: boolean;
  onSelect(problem: Problem): void;
  /** Said instead of "No problems" while the text is not being checked (a lock-out). */
  idle?: string;
  /** The verdict on the chart, in the header's words, said again beside the counts. */
  summary?: Summary;
}

/** How long the counts must hold before they are announced: typing changes them at every key. */
const ANNOUNCE_AFTER_MS = 1000;

/** Read by screen readers, not shown: the counts are on screen already. */
const UNSEEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/** "2 errors, 1 warning", or "No problems". */
function countsSaid(problems: readonly Problem[]): string {
  const said = [counted(problems, 'error'), counted(problems, 'warning')].filter((c) => c.n > 0).map((c) => c.label);
  return said.length ? said.join(', ') : 'No problems';
}

/**
 * What the live region says: the counts once they have held for a moment. A polite live region
 * is read each time its text changes, so its text follows the counts late, when the person stops
 * typing, rather than at each key; re-renders with the same counts change nothing.
 */
function useAnnounced(text: string, ready: boolean): string {
  const [said, setSaid] = useState(text);
  useEffect(() => {
    if (!ready || text === said) return;
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, ready, said]);
  return said;
}

export function ProblemsPanel({ problems, checking, onSelect, idle, summary }: ProblemsPanelProps) {
  const errors = counted(problems, 'error');
  const warnings = counted(problems, 'warning');
  // Not while the schema check is out (its errors follow a moment later), nor in a lock-out.
  const announced = useAnnounced(countsSaid(problems), !checking && idle === undefined);
  return (
    <section className="problems" data-testid="problems" aria-label="Problems">
      <p role="status" aria-live="polite" aria-atomic="true" data-testid="problems-announced" style={UNSEEN}>
        {announced}
      </p>
      <header className="problems-head">
        <h2>Problems</h2>
        <span className={`count ${errors.n ? 'has-errors' : ''}`}>{errors.label}</span>
        <span className={`count ${warnings.n ? 'has-warnings' : ''}`}>{warnings.label}</span>
        {checking && <span className="checking">checking schema…</span>}
        {summary && problems.length > 0 && (
          <span className={`verdict ${summary.verdict}`} data-testid="problems-verdict" title={summary.because}>
            {summary.headline}
          </span>
        )}
      </header>
      {problems.length === 0 ? (
        <p className="problems-empty">{idle ?? 'No problems. The chart is up to date with the text.'}</p>
      ) : (
        <ul>
          {problems.map((p, i) => (
            <li key={`${p.source}:${p.range.start.offset}:${i}`}>
              <button
                type="button"
                className={`problem ${p.severity}`}
                data-testid="problem"
                data-severity={p.severity}
                data-source={p.source}
                data-path={p.path}
                onClick={() => onSelect(p)}
                title={`Go to ${formatPosition(p.range.start)}`}
              >
                <span className="icon" aria-hidden="true">
                  {SEVERITY_ICONS[p.severity]}
                </span>
                <span className="severity">{p.severity}</span>
                <span className="pos">{formatPosition(p.range.start)}</span>
                <span className="message">{p.message}</span>
                <span className="source">
                  {p.source}
                  {p.path ? ` · ${p.path}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
