import PipelineWorker from '../workers/pipeline.worker?worker';
import SchemaWorker from '../workers/schema.worker?worker';
import type { PipelineRequest, SchemaRequest } from '../workers/protocol';
import type { EarlyWorker } from './latest';

/** The workers set to work on the first text before the page's own code has loaded. */
export interface EarlyWorkers {
  pipeline: EarlyWorker<PipelineRequest>;
  schema: EarlyWorker<SchemaRequest>;
}

/**
 * Starts the pipeline worker and the schema check on the first text at once, before the page's
 * own code (React, Vega) has loaded: they download and work while the page is still evaluating
 * its script, so the spec is ready about when the page is, and the first schema answer comes
 * with it. The app takes them over (`LatestChannel.adopt`) with request 1.
 */
export function startWorkers(text: string): EarlyWorkers {
  return {
    pipeline: startEarly(new PipelineWorker({ name: 'chartspec-pipeline' }), { id: 1, text }),
    schema: startEarly(new SchemaWorker({ name: 'chartspec-schema' }), { id: 1, text }),
  };
}

function startEarly<Req>(worker: Worker, request: Req): EarlyWorker<Req> {
  const events: Event[] = [];
  worker.onmessage = (e) => events.push(e);
  worker.onerror = (e) => {
    e.preventDefault();
    events.push(e);
  };
  worker.postMessage(request);
  return {
    worker,
    request,
    take() {
      worker.onmessage = null;
      worker.onerror = null;
      return events.splice(0);
    },
  };
}
