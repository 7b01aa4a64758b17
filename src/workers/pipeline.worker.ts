/// <reference lib="webworker" />
import { runPipeline } from '../core/pipeline';
import type { PipelineRequest, PipelineResponse } from './protocol';

/** Parse, expand and compile off the main thread; the page only draws. */
function handle({ id, text }: PipelineRequest): PipelineResponse {
  const t0 = performance.now();
  const result = runPipeline(text);
  return {
    id,
    language: result.language,
    problems: result.problems,
    vega: result.vega,
    timings: { ...result.timings, total: performance.now() - t0 },
  };
}

/** The page sends one request at a time, always its newest text (see `useWorkerLatest`). */
self.onmessage = (event: MessageEvent<PipelineRequest>) => {
  self.postMessage(handle(event.data));
};
