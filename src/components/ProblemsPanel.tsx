import { formatPosition, type Problem } from '../core/problem';

interface ProblemsPanelProps {
  problems: readonly Problem[];
  /** True while the schema check for the current text has not answered yet. */
  checking: boolean;
  onSelect(problem: Problem): void;
  /** Said instead of "No problems" while the text is not being checked (a lock-out). */
  idle?: string;
}

const icons: Record<Problem['severity'], string> = { error: '✕', warning: '!', info: 'i' };

export function ProblemsPanel({ problems, checking, onSelect, idle }: ProblemsPanelProps) {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  return (
    <section className="problems" data-testid="problems" aria-label="Problems">
      <header className="problems-head">
        <h2>Problems</h2>
        <span className={`count ${errors ? 'has-errors' : ''}`}>{errors} {errors === 1 ? 'error' : 'errors'}</span>
        <span className={`count ${warnings ? 'has-warnings' : ''}`}>{warnings} {warnings === 1 ? 'warning' : 'warnings'}</span>
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
                <span className="icon" aria-hidden="true">{icons[p.severity]}</span>
                <span className="severity">{p.severity}</span>
                <span className="pos">{formatPosition(p.range.start)}</span>
                <span className="message">{p.message}</span>
                <span className="source">{p.source}{p.path ? ` · ${p.path}` : ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
