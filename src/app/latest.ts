/**
 * Talks to a worker one request at a time and always with the newest text: while a request is
 * in flight, later submissions replace each other, so a slow compile never builds a queue.
 */
export class LatestChannel<Req extends { id: number }, Res extends { id: number }> {
  private worker: Worker;
  private inFlight = false;
  private pending: Req | undefined;

  constructor(
    private readonly create: () => Worker,
    private readonly onResult: (res: Res) => void,
    private readonly onFailure: (req: Req, message: string) => void,
  ) {
    this.worker = this.start();
  }

  private current: Req | undefined;

  private start(): Worker {
    const w = this.create();
    w.onmessage = (e: MessageEvent<Res>) => {
      this.inFlight = false;
      this.current = undefined;
      this.onResult(e.data);
      this.flush();
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      const failed = this.current;
      // A worker that crashed (out of memory, a bug) is replaced; the text is never lost.
      this.worker.terminate();
      this.worker = this.start();
      this.inFlight = false;
      this.current = undefined;
      if (failed) this.onFailure(failed, e.message || 'the worker stopped');
      this.flush();
    };
    return w;
  }

  submit(req: Req): void {
    this.pending = req;
    this.flush();
  }

  private flush(): void {
    if (this.inFlight || !this.pending) return;
    this.current = this.pending;
    this.pending = undefined;
    this.inFlight = true;
    this.worker.postMessage(this.current);
  }

  dispose(): void {
    this.worker.terminate();
  }
}
