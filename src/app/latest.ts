/**
 * Talks to a worker one request at a time and always with the newest text: while a request is
 * in flight, later submissions replace each other, so a slow compile never builds a queue.
 *
 * Requests can travel in lanes (`laneOf`): a submission replaces only the pending request of its
 * own lane, and one in the main lane (a new text, lane `''`) drops every pending request of the
 * others, which all concern older texts. Pending requests go out in the order they came.
 */
/** A worker started early with one request, keeping what it says until someone takes it. */
export interface EarlyWorker<Req> {
  worker: Worker;
  request: Req;
  /** The events so far; from then on the taker's handlers get them. */
  take(): Event[];
}

export class LatestChannel<Req extends { id: number }, Res extends { id: number }> {
  /** Started on the first request, so a worker nobody needs yet is not even downloaded. */
  private worker: Worker | undefined;
  private inFlight = false;
  private readonly pending = new Map<string, Req>();

  constructor(
    private readonly create: () => Worker,
    private readonly onResult: (res: Res) => void,
    private readonly onFailure: (req: Req, message: string) => void,
    private readonly laneOf: (req: Req) => string = () => '',
  ) {}

  private current: Req | undefined;
  private lastSent: Req | undefined;
  /** Crashes in a row; a worker that cannot even start is not restarted forever. */
  private crashes = 0;
  private stopped = false;
  static readonly MAX_CRASHES = 3;

  private start(): Worker {
    return this.install(this.create());
  }

  /**
   * Takes over a worker started before the page's code had loaded (see `early.ts`), with the
   * request it is working on; what it said meanwhile is handled now, in order.
   */
  adopt(early: EarlyWorker<Req>): void {
    const events = early.take();
    const w = this.install(early.worker);
    this.current = early.request;
    this.lastSent = early.request;
    this.inFlight = true;
    for (const event of events) {
      if (event.type === 'error') w.onerror?.(event as ErrorEvent);
      else w.onmessage?.(event as MessageEvent);
    }
  }

  private install(w: Worker): Worker {
    this.worker = w;
    w.onmessage = (e: MessageEvent<Res>) => {
      if (w !== this.worker) return;
      this.crashes = 0;
      this.inFlight = false;
      this.current = undefined;
      this.onResult(e.data);
      this.flush();
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      if (this.stopped || w !== this.worker) return; // a worker already let go
      const failed = this.current ?? this.pending.get('') ?? this.lastSent;
      // A worker that crashed (out of memory, a bug) is replaced; the text is never lost.
      this.worker?.terminate();
      this.inFlight = false;
      this.current = undefined;
      this.crashes++;
      if (this.crashes >= LatestChannel.MAX_CRASHES) {
        this.stopped = true;
        if (failed)
          this.onFailure(
            failed,
            `${e.message || 'the worker could not start'} (gave up after ${this.crashes} tries; reload the page)`,
          );
        return;
      }
      this.start();
      if (failed) this.onFailure(failed, e.message || 'the worker stopped');
      this.flush();
    };
    return w;
  }

  submit(req: Req): void {
    const lane = this.laneOf(req);
    if (lane === '') this.pending.clear();
    this.pending.delete(lane); // re-inserted last: the order is the order of submission
    this.pending.set(lane, req);
    this.flush();
  }

  private flush(): void {
    if (this.stopped || this.inFlight || !this.pending.size) return;
    const [lane, next] = this.pending.entries().next().value!;
    this.pending.delete(lane);
    this.current = next;
    this.inFlight = true;
    this.lastSent = this.current;
    (this.worker ?? this.start()).postMessage(this.current);
  }

  dispose(): void {
    this.stopped = true;
    this.worker?.terminate();
  }
}
