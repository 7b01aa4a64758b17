import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDrawing, digest, HISTORY_SIZE, loadRecent, loadSavedText, markDrawing, pushRecent, saveText, stoppedWhileDrawing } from '../../src/io/storage';

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

const g = globalThis as unknown as { localStorage?: unknown };
let storage: QuotaStorage;
beforeEach(() => {
  storage = new QuotaStorage(10_000);
  g.localStorage = storage;
});
afterEach(() => {
  delete g.localStorage;
});

describe('autosave', () => {
  it('saves and loads the text; a full quota is a message, not an exception', () => {
    expect(saveText('{"mark": "bar"}')).toEqual({ ok: true });
    expect(loadSavedText()).toBe('{"mark": "bar"}');
    const r = saveText('x'.repeat(20_000));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('storage is full');
    expect(loadSavedText()).toBe('{"mark": "bar"}');
  });

  it('storage that is not there at all (blocked by policy) is unavailable, quietly', () => {
    delete g.localStorage;
    expect(loadSavedText()).toBeUndefined();
    expect(saveText('a')).toMatchObject({ ok: false });
    expect(loadRecent()).toEqual([]);
    expect(stoppedWhileDrawing('a')).toBe(false);
  });
});

describe('Recent', () => {
  it('keeps the newest first, without duplicates, at most HISTORY_SIZE', () => {
    for (let i = 0; i < HISTORY_SIZE + 3; i++) pushRecent({ text: `t${i}`, label: `L${i}`, at: i });
    pushRecent({ text: 't5', label: 'again', at: 99 });
    const list = loadRecent();
    expect(list).toHaveLength(HISTORY_SIZE);
    expect(list[0]).toEqual({ text: 't5', label: 'again', at: 99 });
    expect(list.filter((e) => e.text === 't5')).toHaveLength(1);
  });

  it('when storage is full the oldest entries give way; if none fits, it says so', () => {
    pushRecent({ text: 'a'.repeat(4000), label: 'old', at: 1 });
    pushRecent({ text: 'b'.repeat(4000), label: 'older', at: 2 });
    const r = pushRecent({ text: 'c'.repeat(4000), label: 'new', at: 3 });
    expect(r.result).toEqual({ ok: true });
    expect(loadRecent().map((e) => e.label)).toEqual(['new', 'older']);
    const huge = pushRecent({ text: 'd'.repeat(20_000), label: 'huge', at: 4 });
    expect(huge.result.ok).toBe(false);
    expect(huge.list[0]!.label).toBe('huge');
  });

  it('ignores damaged entries', () => {
    storage.setItem('chartspec:recent', '[{"text": 1}, {"text": "ok", "label": "L", "at": 2}, null]');
    expect(loadRecent()).toEqual([{ text: 'ok', label: 'L', at: 2 }]);
    storage.setItem('chartspec:recent', 'not json');
    expect(loadRecent()).toEqual([]);
  });
});

describe('the drawing mark (lock-out)', () => {
  it('is left behind while drawing and names the very text being drawn', () => {
    markDrawing('spec A');
    expect(loadSavedText()).toBe('spec A');
    expect(stoppedWhileDrawing('spec A')).toBe(true);
    expect(stoppedWhileDrawing('spec B')).toBe(false);
    clearDrawing();
    expect(stoppedWhileDrawing('spec A')).toBe(false);
  });

  it('digests tell texts apart', () => {
    expect(digest('abc')).toBe(digest('abc'));
    expect(digest('abc')).not.toBe(digest('abd'));
    expect(digest('')).not.toBe(digest(' '));
  });
});
