/// <reference lib="webworker" />
import * as themes from 'vega-themes';
import { PipelineSession } from './pipeline-session';
import type { PipelineMessage } from './protocol';
import { chartThemes } from './themes';

/** Parse, expand and compile off the main thread; the page only draws. */
const session = new PipelineSession({ fit: true, describe: true, themes: chartThemes(themes) });

/** The page sends one request at a time, always its newest (see `LatestChannel`). */
self.onmessage = (event: MessageEvent<PipelineMessage>) => {
  self.postMessage(session.handle(event.data));
};
