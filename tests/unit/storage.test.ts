import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { digest } from '../../src/core/text';
import { PipelineSession } from '../../src/workers/pipeline-session';
import type { PipelineResponse } from '../../src/workers/protocol';

/** A Storage with a quota in characters, throwing as browsers do when it is full. */
class QuotaStorage {
  private items = new Map<string, string>();
  constructor(private quota: number) {}
  private used(except?: string) {
    let n = 0;
    for (const [k, v] of this.items) if (k !== except) n += k.length + v.length;
    return n;
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.used(k) + k.length + v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

/** Counts the calls a storage gets, by method and key. */
function counting(target: QuotaStorage) {
  const calls: string[] = [];
  for (const method of ['getItem', 'setItem', 'removeItem'] as const) {
    const f = target[method].bind(target) as (k: string, v?: string) => unknown;
    (target as unknown as Record<string, unknown>)[method] = (k: string, v?: string) => {
      calls.push(`${method} ${k}`);
      return f(k, v);
    };
  }
  return calls;
}

/** What another page of the app sends when it changes storage (`key` null: it cleared it). */
function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

const g = globalThis as unknown as { localStorage?: unknown };
let storage: QuotaStorage;
// A fresh module for every test: it remembers what it stored last, as a page does.
let io: typeof import('../../src/io/storage');
beforeEach(async () => {
  storage = new QuotaStorage(10_000);
  g.localStorage = storage;
  vi.resetModules();
  io = await import('../../src/io/storage');
});
afterEach(() => {
  delete g.localStorage;
});

describe('autosave', () => {
  it('saves and loads the text; a full quota is a message, not an exception', () => {
    expect(io.saveText('{"mark": "bar"}')).toEqual({ ok: true });
    expect(io.loadSavedText()).toBe('{"mark": "bar"}');
    const r = io.saveText('x'.repeat(20_000));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('storage is full');
    expect(io.loadSavedText()).toBe('{"mark": "bar"}');
  });

  it('storage that is not there at all (blocked by policy) is unavailable, quietly', () => {
    delete g.localStorage;
    expect(io.loadSavedText()).toBeUndefined();
    expect(io.saveText('a')).toMatchObject({ ok: false });
    expect(io.loadRecent()).toEqual([]);
    expect(io.stoppedWhileDrawing('a')).toBe(false);
  });
});

describe('Recent', () => {
  it('keeps the newest first, without duplicates, at most io.HISTORY_SIZE', () => {
    for (let i = 0; i < io.HISTORY_SIZE + 3; i++) io.pushRecent({ text: `t${i}`, label: `L${i}`, at: i });
    io.pushRecent({ text: 't5', label: 'again', at: 99 });
    const list = io.loadRecent();
    expect(list).toHaveLength(io.HISTORY_SIZE);
    expect(list[0]).toEqual({ text: 't5', label: 'again', at: 99 });
    expect(list.filter((e) => e.text === 't5')).toHaveLength(1);
  });

  it('when storage is full the oldest entries give way; if none fits, it says so', () => {
    io.pushRecent({ text: 'a'.repeat(4000), label: 'old', at: 1 });
    io.pushRecent({ text: 'b'.repeat(4000), label: 'older', at: 2 });
    const r = io.pushRecent({ text: 'c'.repeat(4000), label: 'new', at: 3 });
    expect(r.result).toEqual({ ok: true });
    expect(io.loadRecent().map((e) => e.label)).toEqual(['new', 'older']);
    const huge = io.pushRecent({ text: 'd'.repeat(20_000), label: 'huge', at: 4 });
    expect(huge.result.ok).toBe(false);
    expect(huge.list[0]!.label).toBe('huge');
  });

  it('ignores damaged entries', () => {
    storage.setItem('chartspec:recent', '[{"text": 1}, {"text": "ok", "label": "L", "at": 2}, null]');
    expect(io.loadRecent()).toEqual([{ text: 'ok', label: 'L', at: 2 }]);
    storage.setItem('chartspec:recent', 'not json');
    expect(io.loadRecent()).toEqual([]);
  });
});

describe('the drawing mark (lock-out)', () => {
  it('is left behind while drawing and names the very text being drawn', () => {
    io.markDrawing('spec A');
    expect(io.loadSavedText()).toBe('spec A');
    expect(io.stoppedWhileDrawing('spec A')).toBe(true);
    expect(io.stoppedWhileDrawing('spec B')).toBe(false);
    io.clearDrawing();
    expect(io.stoppedWhileDrawing('spec A')).toBe(false);
  });

  it('a mark made with the digest from the pipeline worker is recognised by the start-up check', () => {
    const text = '{"mark": "bar",\n "data": {"values": [{"a": "é", "b": 1}]}}';
    const answer = new PipelineSession().handle({ id: 1, text }) as PipelineResponse;
    expect(answer.digest).toBe(digest(text));
    io.markDrawing(text, answer.digest);
    expect(io.stoppedWhileDrawing(text)).toBe(true);
    expect(io.stoppedWhileDrawing(text + ' ')).toBe(false);
  });

  it('writes a text only when this page has not stored it already, and never reads it back', () => {
    const calls = counting(storage);
    io.markDrawing('spec A', digest('spec A'));
    expect(calls).toEqual(['setItem chartspec:text', 'setItem chartspec:drawing']);
    calls.length = 0;
    // The autosave of the same text, and a second drawing of it, write only the mark.
    expect(io.saveText('spec A')).toEqual({ ok: true });
    io.clearDrawing();
    io.markDrawing('spec A', digest('spec A'));
    expect(calls).toEqual(['removeItem chartspec:drawing', 'setItem chartspec:drawing']);
    expect(io.loadSavedText()).toBe('spec A');
    calls.length = 0;
    // A text the autosave stored is not written again by the mark.
    io.saveText('spec B');
    io.markDrawing('spec B', digest('spec B'));
    expect(calls).toEqual(['setItem chartspec:text', 'setItem chartspec:drawing']);
    // Nor is the text the page opened with.
    storage.setItem('chartspec:text', 'spec C');
    const fresh = counting(storage);
    expect(io.loadSavedText()).toBe('spec C');
    io.markDrawing('spec C', digest('spec C'));
    expect(fresh).toEqual(['getItem chartspec:text', 'setItem chartspec:drawing']);
  });

  it('writes again once another page of the app changed the text', () => {
    const pages = new EventTarget();
    io.watchOtherPages(pages);
    io.saveText('spec A');
    storage.setItem('chartspec:text', 'spec from another tab');
    pages.dispatchEvent(storageEvent('chartspec:text'));
    io.markDrawing('spec A', digest('spec A'));
    expect(io.loadSavedText()).toBe('spec A');
    expect(io.stoppedWhileDrawing('spec A')).toBe(true);
    // Another page clearing storage (key null) counts too; other keys do not.
    storage.removeItem('chartspec:text');
    pages.dispatchEvent(storageEvent(null));
    expect(io.saveText('spec A')).toEqual({ ok: true });
    expect(io.loadSavedText()).toBe('spec A');
    const calls = counting(storage);
    pages.dispatchEvent(storageEvent('chartspec:recent'));
    io.saveText('spec A');
    expect(calls).toEqual([]);
  });

  it('a text that did not fit is tried again', () => {
    const big = 'x'.repeat(20_000);
    expect(io.saveText(big).ok).toBe(false);
    storage = new QuotaStorage(100_000);
    g.localStorage = storage;
    expect(io.saveText(big)).toEqual({ ok: true });
    expect(io.loadSavedText()).toBe(big);
  });

  it('digests tell texts apart', () => {
    expect(digest('abc')).toBe(digest('abc'));
    expect(digest('abc')).not.toBe(digest('abd'));
    expect(digest('')).not.toBe(digest(' '));
  });
});
