import { hasErrors, mergeProblems, type Problem } from '../core/problem';
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
  /** Shown over a stale chart: why it is not the current text. */
  staleReason?: string;
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
  const errors = problems.filter((p) => p.severity === 'error').length;
  return {
    state,
    ...(shown ? { shown } : {}),
    shownVersion: shown === candidate && state === 'ready' ? currentVersion : (drawn?.version ?? 0),
    currentVersion,
    problems,
    ...(state === 'stale'
      ? { staleReason: `${errors || 'a'} ${errors === 1 || !errors ? 'problem' : 'problems'} in the text` }
      : {}),
    language: result?.language ?? 'vega-lite',
    checking: !!result && s.booted && s.schema?.id !== currentVersion,
  };
}
