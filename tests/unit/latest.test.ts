import { describe, expect, it } from 'vitest';
import { LatestChannel } from '../../src/app/latest';

interface Req {
  id: number;
  text: string;
}

/** A stand-in Worker: records what it is sent; the test answers or crashes it by hand. */
class FakeWorker {
  static made: FakeWorker[] = [];
  sent: Req[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(r: Req) {
    this.sent.push(r);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id: number) {
    this.onmessage?.({ data: { id } } as MessageEvent);
  }
  crash(message = 'boom') {
    this.onerror?.({ message, preventDefault() {} } as unknown as ErrorEvent);
  }
}

function channel() {
  FakeWorker.made = [];
  const results: number[] = [];
  const failures: string[] = [];
  const ch = new LatestChannel<Req, { id: number }>(
    () => new FakeWorker() as unknown as Worker,
    (r) => results.push(r.id),
    (req, m) => failures.push(`${req.id}: ${m}`),
  );
  return { ch, results, failures };
}

/** A worker started before the channel, as early.ts starts one, with what it said meanwhile. */
function early(said: Event[]) {
  const worker = new FakeWorker();
  const request = { id: 1, text: 'first' };
  worker.postMessage(request);
  let taken = false;
  return {
    worker,
    handle: {
      worker: worker as unknown as Worker,
      request,
      take() {
        taken = true;
        return said;
      },
    },
    taken: () => taken,
  };
}

describe('LatestChannel', () => {
  it('takes over a worker started early: its answers so far are handled, the next request waits for its answer', () => {
    const { ch, results } = channel();
    const e = early([{ data: { id: 1 } } as MessageEvent]);
    ch.adopt(e.handle);
    expect(e.taken()).toBe(true);
    expect(results).toEqual([1]);
    ch.submit({ id: 2, text: 'second' });
    expect(FakeWorker.made).toHaveLength(1); // no second worker
    expect(e.worker.sent.map((r) => r.id)).toEqual([1, 2]);
  });

  it('keeps a request for a worker started early until that worker has answered its first', () => {
    const { ch, results } = channel();
    const e = early([]);
    ch.adopt(e.handle);
    ch.submit({ id: 2, text: 'second' });
    expect(e.worker.sent.map((r) => r.id)).toEqual([1]);
    e.worker.answer(1);
    expect(e.worker.sent.map((r) => r.id)).toEqual([1, 2]);
    e.worker.answer(2);
    expect(results).toEqual([1, 2]);
  });

  it('reports the first request of a worker started early that crashed before it was taken over, and starts another', () => {
    const { ch, failures } = channel();
    const e = early([{ type: 'error', message: 'could not load', preventDefault() {} } as unknown as ErrorEvent]);
    ch.adopt(e.handle);
    expect(e.worker.terminated).toBe(true);
    expect(failures).toEqual(['1: could not load']);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('starts no worker until the first request', () => {
    const { ch } = channel();
    expect(FakeWorker.made).toHaveLength(0);
    ch.submit({ id: 1, text: 'a' });
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('keeps one request in flight and sends only the newest of those that waited', () => {
    const { ch, results } = channel();
    ch.submit({ id: 1, text: 'a' });
    ch.submit({ id: 2, text: 'ab' });
    ch.submit({ id: 3, text: 'abc' });
    const w = FakeWorker.made[0]!;
    expect(w.sent.map((r) => r.id)).toEqual([1]);
    w.answer(1);
    expect(w.sent.map((r) => r.id)).toEqual([1, 3]);
    w.answer(3);
    expect(results).toEqual([1, 3]);
  });

  it('replaces a crashed worker, reports the request, and goes on with the next one', () => {
    const { ch, failures, results } = channel();
    ch.submit({ id: 1, text: 'a' });
    ch.submit({ id: 2, text: 'b' });
    FakeWorker.made[0]!.crash('out of memory');
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    expect(failures).toEqual(['1: out of memory']);
    const second = FakeWorker.made[1]!;
    expect(second.sent.map((r) => r.id)).toEqual([2]);
    second.answer(2);
    expect(results).toEqual([2]);
  });

  it('gives up after repeated crashes instead of restarting forever', () => {
    const { ch, failures } = channel();
    ch.submit({ id: 1, text: 'a' });
    for (let i = 0; i < 5; i++) FakeWorker.made[FakeWorker.made.length - 1]!.crash('cannot load');
    expect(FakeWorker.made).toHaveLength(LatestChannel.MAX_CRASHES);
    expect(failures.at(-1)).toMatch(/gave up after 3 tries/);
    ch.submit({ id: 9, text: 'z' });
    expect(FakeWorker.made).toHaveLength(LatestChannel.MAX_CRASHES);
  });

  it('keeps lanes apart: a side request waits beside the newest text, a newer text drops it', () => {
    FakeWorker.made = [];
    const results: number[] = [];
    type LaneReq = Req & { kind?: string };
    const ch = new LatestChannel<LaneReq, { id: number }>(
      () => new FakeWorker() as unknown as Worker,
      (r) => results.push(r.id),
      () => {},
      (r) => r.kind ?? '',
    );
    ch.submit({ id: 1, text: 'a' });
    const w = FakeWorker.made[0]!;
    ch.submit({ id: 1, text: '', kind: 'spec' });
    ch.submit({ id: 2, text: 'ab' });
    // The text came after the side request; both wait, and go in the order they came.
    w.answer(1);
    expect((w.sent as LaneReq[]).map((r) => `${r.kind ?? 'text'}${r.id}`)).toEqual(['text1', 'text2']);
    // A side request for the newest text waits beside nothing; a newer text drops it.
    ch.submit({ id: 2, text: '', kind: 'spec' });
    ch.submit({ id: 3, text: 'abc' });
    w.answer(2);
    expect((w.sent as LaneReq[]).map((r) => `${r.kind ?? 'text'}${r.id}`)).toEqual(['text1', 'text2', 'text3']);
    // Two side requests of different lanes both go out, one at a time.
    ch.submit({ id: 3, text: '', kind: 'spec' });
    ch.submit({ id: 3, text: '', kind: 'runtime' });
    w.answer(3);
    w.answer(3);
    expect((w.sent as LaneReq[]).map((r) => `${r.kind ?? 'text'}${r.id}`)).toEqual([
      'text1',
      'text2',
      'text3',
      'spec3',
      'runtime3',
    ]);
  });
});
