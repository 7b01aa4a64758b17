import type { LivePorts, LiveSession } from '../state/live-session';
import type { PipelineAnswer, PipelineMessage, SchemaRequest, SchemaResponse } from '../workers/protocol';
import PipelineWorker from '../workers/pipeline.worker?worker';
import SchemaWorker from '../workers/schema.worker?worker';
import { markValidated, type EarlyWorkers } from './early';
import { LatestChannel } from './latest';

/**
 * The live session's line to the two workers. The session is made first, with `ports` that
 * forward to whatever workers are connected; `connect` starts them (taking over the early ones
 * the first time) and returns what stops them.
 */
export class WorkerWires {
  private channels:
    | {
        pipeline: LatestChannel<PipelineMessage, PipelineAnswer>;
        schemaCheck: LatestChannel<SchemaRequest, SchemaResponse>;
      }
    | undefined;
  private adopted = false;

  constructor(private readonly early: EarlyWorkers | undefined) {}

  readonly ports: Pick<LivePorts, 'pipeline' | 'schemaCheck'> = {
    pipeline: { submit: (message) => this.channels?.pipeline.submit(message) },
    schemaCheck: { submit: (request) => this.channels?.schemaCheck.submit(request) },
  };

  connect(live: LiveSession): () => void {
    const pipeline = new LatestChannel<PipelineMessage, PipelineAnswer>(
      () => new PipelineWorker({ name: 'chartspec-pipeline' }),
      (res) => live.onPipelineAnswer(res),
      (req, message) => live.onPipelineFailure(req, message),
      (req) => req.kind ?? '',
    );
    const schemaCheck = new LatestChannel<SchemaRequest, SchemaResponse>(
      () => new SchemaWorker({ name: 'chartspec-schema' }),
      (res) => {
        markValidated(res);
        live.onSchemaAnswer(res);
      },
      (req, message) => live.onSchemaFailure(req, message),
    );
    this.channels = { pipeline, schemaCheck };
    if (this.early && !this.adopted) {
      // The workers started on the first text before this code loaded: it is request 1.
      this.adopted = true;
      pipeline.adopt(this.early.pipeline);
      schemaCheck.adopt(this.early.schema);
    }
    live.start();
    return () => {
      live.dispose();
      pipeline.dispose();
      schemaCheck.dispose();
      this.channels = undefined;
    };
  }
}
