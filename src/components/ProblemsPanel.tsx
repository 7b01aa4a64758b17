import { formatPosition, type Problem } from '../core/problem';
import { counted, SEVERITY_ICONS } from './problem-labels';

interface ProblemsPanelProps {
  problems: readonly Problem[];
  /** True while the schema check for the current text has not answered yet. */
  checking: boolean;
  onSelect(problem: Problem): void;
  /** Said instead of "No problems" while the text is not being checked (a lock-out). */
  idle?: string;
}

export function ProblemsPanel({ problems, checking, onSelect, idle }: ProblemsPanelProps) {
  const errors = counted(problems, 'error');
  const warnings = counted(problems, 'warning');
  return (
    <section className="problems" data-testid="problems" aria-label="Problems">
      <header className="problems-head">
        <h2>Problems</h2>
        <span className={`count ${errors.n ? 'has-errors' : ''}`}>{errors.label}</span>
        <span className={`count ${warnings.n ? 'has-warnings' : ''}`}>{warnings.label}</span>
        {checking && <span className="checking">checking schema…</span>}
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
