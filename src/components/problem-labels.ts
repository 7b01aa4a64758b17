import type { Problem } from '../core/problem';

/** What the Problems panel says of problems: the app's (ProblemsPanel.tsx) and the page's before it (src/app/shell.ts). */

/** The icon of each severity. */
export const SEVERITY_ICONS: Record<Problem['severity'], string> = { error: '✕', warning: '!', info: 'i' };

/** How many problems have this severity, and that said ("1 error", "2 warnings"). */
export function counted(problems: readonly Problem[], severity: 'error' | 'warning'): { n: number; label: string } {
  const n = problems.filter((p) => p.severity === severity).length;
  return { n, label: `${n} ${severity}${n === 1 ? '' : 's'}` };
}
