import { formatPosition, hasErrors, mergeProblems, type Problem } from '../core/problem';
import type { Language } from '../core/language';
import type { Compiled, LiveState } from './live-state';

/** What the chart pane shows: nothing, a chart being drawn, the current chart, or an older one. */
export type ChartState = 'empty' | 'drawing' | 'ready' | 'stale';

/** What follows from the live state: what the header, the chart pane and the problems list show. */
export interface ChartStatus {
  state: ChartState;
  /** The spec on screen: the newest, or the last good one when the newest failed to draw. */
  shown?: Compiled;
  /** The text version the chart on screen is up to date with. */
  shownVersion: number;
  /** The version of the newest text the pipeline answered. */
  currentVersion: number;
  problems: Problem[];
  /** What the header, the chart pane and the problems list say of it, in the same words. */
  summary: Summary;
  language: Language;
  /** The schema check has not answered for the current text yet. */
  checking: boolean;
}

/**
 * The problems of the current text: the pipeline's, the schema check's for the same version, and
 * the runtime's once placed in that version. The same inputs give the same array, so the editor
 * does not redraw its markers when something else changes.
 */
export function problemsOf(): (s: LiveState) => Problem[] {
  let last: { inputs: unknown[]; problems: Problem[] } | undefined;
  return (s) => {
    const inputs = [s.result, s.schema, s.runtime, s.runtimePlaced, s.candidate, s.workerFailure];
    if (last && inputs.every((x, i) => x === last!.inputs[i])) return last.problems;
    const current = s.result?.id ?? 0;
    const schema = s.schema && s.schema.id === current ? s.schema.problems : [];
    const placed = s.runtimePlaced;
    const runtime =
      s.runtime &&
      s.candidate &&
      s.runtime.spec === s.candidate.spec &&
      s.candidate.version === current &&
      placed?.id === current &&
      placed.entries === s.runtime.entries
        ? placed.problems
        : [];
    const problems = mergeProblems(s.result?.problems ?? [], schema, runtime, s.workerFailure ? [s.workerFailure] : []);
    last = { inputs, problems };
    return problems;
  };
}

/**
 * One verdict on the chart: nothing drawn; being drawn; drawn from the current text (with no
 * problem, with warnings, or with errors the compiler could leave out, such as an unknown
 * property); or the last good chart kept because the current text cannot be drawn.
 */
export type Verdict = 'empty' | 'drawing' | 'drawn' | 'drawn-warnings' | 'drawn-errors' | 'kept';

export interface Summary {
  verdict: Verdict;
  /** The header's words, e.g. "Last good chart kept · 2 errors". */
  headline: string;
  /** For `kept` and `drawn-errors`: the first error and where it is, e.g. `"max" must be a number (line 16)`. */
  because?: string;
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The first error, placed, and how many more: why a chart is kept or what it leaves out. */
function firstError(errors: readonly Problem[]): string | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const more = errors.length > 1 ? ` (and ${count(errors.length - 1, 'more error')})` : '';
  return `${first.message.replace(/[.\s]+$/, '')} at ${formatPosition(first.range.start)}${more}`;
}

/** The words for a chart state and the problems of the current text. */
export function summarize(state: ChartState, problems: readonly Problem[]): Summary {
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  const because = firstError(errors);
  switch (state) {
    case 'empty':
      return {
        verdict: 'empty',
        headline: errors.length ? `Nothing drawn · ${count(errors.length, 'error')}` : 'Nothing drawn yet',
      };
    case 'drawing':
      return { verdict: 'drawing', headline: 'Drawing…' };
    case 'stale':
      return {
        verdict: 'kept',
        // Before the pane's failure is placed in the text there is no error to name yet.
        headline: `Last good chart kept · ${errors.length ? count(errors.length, 'error') : 'a problem'}`,
        because: because ?? 'the newest spec did not draw',
      };
    case 'ready':
      if (errors.length)
        return {
          verdict: 'drawn-errors',
          headline: `Drawn · ${count(errors.length, 'error')} ignored`,
          ...(because ? { because } : {}),
        };
      if (warnings) return { verdict: 'drawn-warnings', headline: `Up to date · ${count(warnings, 'warning')}` };
      return { verdict: 'drawn', headline: 'Up to date' };
  }
}

/** What the live state means for the chart pane, the header and the problems list. */
export function chartStatus(s: LiveState, problems: Problem[]): ChartStatus {
  const { candidate, drawn, result } = s;
  const currentVersion = result?.id ?? 0;
  const failedNow = !!candidate && s.failed === candidate.spec;
  // Draw the newest compiled spec unless it failed to become a view: then the last good one.
  const shown = failedNow ? drawn : candidate;
  const upToDate = !!candidate && candidate.version === currentVersion && !failedNow;
  // A result whose new spec is on its way from the worker is not a problem with the text.
  const fetching = result?.spec === 'changed' && !hasErrors(result.problems) && candidate?.version !== currentVersion;
  const state: ChartState = !shown
    ? 'empty'
    : !upToDate && !fetching
      ? 'stale'
      : !fetching && drawn?.spec === candidate?.spec
        ? 'ready'
        : 'drawing';
  return {
    state,
    ...(shown ? { shown } : {}),
    shownVersion: shown === candidate && state === 'ready' ? currentVersion : (drawn?.version ?? 0),
    currentVersion,
    problems,
    summary: summarize(state, problems),
    language: result?.language ?? 'vega-lite',
    checking: !!result && s.booted && s.schema?.id !== currentVersion,
  };
}
