import PipelineWorker from '../workers/pipeline.worker?worker';
import SchemaWorker from '../workers/schema.worker?worker';
import type { PipelineRequest, SchemaRequest, SchemaResponse } from '../workers/protocol';
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
export function startWorkers(text: string, onSchema?: (answer: SchemaResponse) => void, theme?: string): EarlyWorkers {
  return {
    pipeline: startEarly(new PipelineWorker({ name: 'chartspec-pipeline' }), {
      id: 1,
      text,
      ...(theme ? { theme } : {}),
    }),
    schema: startEarly(new SchemaWorker({ name: 'chartspec-schema' }), { id: 1, text }, (e) =>
      onSchema?.(e.data as SchemaResponse),
    ),
  };
}

const marked = new Set<number>();

/**
 * Marks a schema answer for the bench (`chartspec:validated`), once per text version: the page
 * before the app shows the first answer (see ./shell.ts), and the app gets the same answer again
 * when it takes the worker over.
 */
export function markValidated(answer: SchemaResponse): void {
  if (marked.has(answer.id)) return;
  marked.add(answer.id);
  performance.mark('chartspec:validated', {
    detail: {
      version: answer.id,
      compileMs: answer.compileMs,
      validateMs: answer.validateMs,
      problems: answer.problems.length,
      by: answer.by,
    },
  });
}

function startEarly<Req>(worker: Worker, request: Req, onMessage?: (e: MessageEvent) => void): EarlyWorker<Req> {
  const events: Event[] = [];
  worker.onmessage = (e) => {
    events.push(e);
    onMessage?.(e);
  };
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
