/// <reference lib="webworker" />
import { loadMarksNamedIn } from '../core/marks/families';
import { PipelineSession } from './pipeline-session';
import type { PipelineMessage } from './protocol';
import { chartThemes } from './themes';

/** Parse, expand and compile off the main thread; the page only draws. */
const session = new PipelineSession({ fit: true, describe: true, drawable: true });

/** vega-themes, loaded when a request first names a chart theme (most charts never do). */
let themes: Promise<void> | undefined;

/**
 * The page sends one request at a time, always its newest, and waits for the answer (see
 * `LatestChannel`): a request that waits for the themes to load keeps its place.
 */
self.onmessage = async (event: MessageEvent<PipelineMessage>) => {
  const message = event.data;
  if ('theme' in message && message.theme)
    // One that fails to load leaves the chart in Vega's own look; the answer still comes.
    await (themes ??= import('vega-themes').then(
      (loaded) => session.useThemes(chartThemes(loaded)),
      () => {},
    ));
  // The extension marks the text names, loaded the first time one is (most charts use none).
  if ('text' in message) await loadMarksNamedIn(message.text);
  self.postMessage(session.handle(message));
};
