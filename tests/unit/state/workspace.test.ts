import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it, vi } from 'vitest';
import { FileProblem, type WritableHandle } from '../../../src/io/files';
import { decodeHash, encodeShareHash, linkText } from '../../../src/io/share';
import { loadRecent } from '../../../src/io/storage';
import type { ExportKind, ExportSource } from '../../../src/state/export';
import { INFO_NOTICE_MS, Workspace, type StartInfo } from '../../../src/state/workspace';
import { page as pageAround, START, workspace as workspaceOf } from './workspace-harness';
import type { WorkspaceEnv } from '../../../src/state/workspace-env';
import { installStorage, LiveHarness, useFakeClock } from './harness';

const spec = (title: string, n = 2) =>
  JSON.stringify({
    title,
    data: { values: Array.from({ length: n }, (_, i) => ({ k: `k${i}`, v: i + 1 })) },
    mark: 'bar',
    encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } },
  });
const EXAMPLES: Record<string, string> = { 'bar-simple': spec('Simple bars') };

/** A file on disk the page may write to, as the File System Access API gives one. */
function diskFile(name: string) {
  const file = { name, text: '' as string | undefined };
  const handle: WritableHandle = {
    kind: 'file',
    name,
    createWritable: async () => {
      let written = '';
      return {
        write: async (data) => void (written += typeof data === 'string' ? data : await data.text()),
        close: async () => void (file.text = written),
      };
    },
  };
  return { file, handle };
}

const page = (overrides: Partial<WorkspaceEnv> = {}) => pageAround(overrides, EXAMPLES);
const workspace = (text = spec('Mine'), start: Partial<StartInfo> = {}, env = page()) => workspaceOf(text, start, env);

useFakeClock();

describe('opening', () => {
  it('an example replaces the text; the edited text goes to Recent and comes back', async () => {
    const { h, ws } = await workspace();
    await ws.follow(decodeHash('#/example/bar-simple'));
    expect(h.live.get().text).toBe(EXAMPLES['bar-simple']);
    expect(ws.get()).toMatchObject({ fileName: 'bar-simple.vl.json', gallery: false });
    expect(ws.dirty()).toBe(false);
    const [message] = ws.get().messages;
    expect(message).toMatchObject({ kind: 'info', testid: 'opened' });
    expect(message!.text).toBe('Opened the example “Simple bars”. Your previous text, “Mine”, is kept under Recent.');
    expect(loadRecent().map((r) => r.text)).toEqual([spec('Mine')]);
    expect(ws.get().recent).toEqual(loadRecent());

    ws.restore(message!.restore!);
    expect(h.live.get().text).toBe(spec('Mine'));
    expect(ws.dirty()).toBe(true);
    // The example was unchanged: bringing the old text back loses nothing, so it is not kept.
    expect(loadRecent()).toHaveLength(1);
  });

  it('an unchanged example is replaced without a copy in Recent', async () => {
    const { ws } = await workspace(EXAMPLES['bar-simple'], { pristine: true });
    ws.open(spec('Other'), { label: 'x.json', fileName: 'x.json', pristine: true });
    expect(loadRecent()).toEqual([]);
    expect(ws.get().messages[0]!.text).toBe('Opened x.json.');
  });

  it('a notice that only informs goes by itself; one with an action or about a failure stays', async () => {
    const env = page();
    const { ws } = await workspace(spec('Mine'), {}, env);
    ws.open(spec('Other'), { label: 'x.json', fileName: 'x.json', pristine: true });
    await ws.openFile(Promise.reject(new FileProblem('photo.png is not a JSON file.')));
    const kinds = () => ws.get().messages.map((m) => [m.testid, !!m.restore]);
    // "Opened x.json" keeps the edited text under Recent with an action: it waits to be closed.
    expect(kinds()).toEqual([
      ['file-error', false],
      ['opened', true],
    ]);
    ws.say({ text: 'Saved chart.vl.json.', kind: 'info', testid: 'saved' });
    expect(env.calls.later.map((x) => x.ms)).toEqual([INFO_NOTICE_MS]);
    expect(kinds()).toHaveLength(3);
    for (const { then } of env.calls.later) then();
    expect(kinds()).toEqual([
      ['file-error', false],
      ['opened', true],
    ]);
  });

  it('a file opens with its name; a file that cannot be read is said, and the text stays', async () => {
    const { h, ws } = await workspace();
    await ws.openFile(Promise.resolve({ text: spec('From disk'), name: 'disk.vl.json' }));
    expect(h.live.get().text).toBe(spec('From disk'));
    expect(ws.get().fileName).toBe('disk.vl.json');
    await ws.openFile(Promise.reject(new FileProblem('photo.png is not a JSON file.')));
    expect(h.live.get().text).toBe(spec('From disk'));
    expect(ws.get().messages[0]).toMatchObject({
      kind: 'error',
      testid: 'file-error',
      text: 'photo.png is not a JSON file.',
    });
  });

  it('links: a shared link and a Vega Editor link open; a damaged one is said; the address is cleared', async () => {
    const { h, ws, hash } = await workspace();
    await ws.follow(decodeHash(encodeShareHash('{"ünï": "✓"}')));
    expect(h.live.get().text).toBe('{"ünï": "✓"}');
    expect(ws.get().messages[0]!.text).toMatch(/^Opened a shared link\./);
    expect(hash()).toBe('');
    await ws.follow(decodeHash(`#/url/vega-lite/${compressToEncodedURIComponent(spec('From the Vega Editor'))}`));
    expect(h.live.get().text).toContain('From the Vega Editor');
    expect(ws.get().messages[0]!.text).toMatch(/^Opened a Vega Editor link\./);
    await ws.follow(decodeHash(encodeShareHash(spec('cut')).slice(0, 30)));
    expect(ws.get().messages[0]).toMatchObject({ kind: 'error', testid: 'notice' });
    expect(ws.get().messages[0]!.text).toMatch(/damaged/);
    await ws.follow(decodeHash('#/example/no-such'));
    expect(ws.get().messages[0]!.text).toBe('There is no example called “no-such”.');
  });

  it('the gallery opens from the address and closes, clearing it', async () => {
    const { ws, hash, setHash } = await workspace();
    ws.showGallery();
    expect(hash()).toBe('#/gallery');
    await ws.follow(decodeHash(hash()));
    expect(ws.get().gallery).toBe(true);
    ws.closeGallery();
    expect(ws.get().gallery).toBe(false);
    expect(hash()).toBe('');
    setHash('#/gallery');
    await ws.follow(decodeHash(hash()));
    await ws.follow(decodeHash(''));
    expect(ws.get().gallery).toBe(false);
  });
});

describe('saving', () => {
  it('in place to the file it was opened from; the text is then not dirty', async () => {
    const { h, ws } = await workspace();
    const { file, handle } = diskFile('sales.vl.json');
    await ws.openFile(Promise.resolve({ text: spec('Sales'), name: 'sales.vl.json', handle }));
    h.live.setText(spec('Sales', 5));
    expect(ws.dirty()).toBe(true);
    await ws.save();
    expect(file.text).toBe(spec('Sales', 5));
    expect(ws.dirty()).toBe(false);
    expect(ws.get().messages[0]).toMatchObject({ testid: 'saved', text: 'Saved sales.vl.json.' });
  });

  it('through the save picker, once: later saves go to the picked file', async () => {
    const { file, handle } = diskFile('picked.json');
    const picker = vi.fn(async () => handle);
    vi.stubGlobal('window', { showSaveFilePicker: picker });
    const { h, ws } = await workspace();
    await ws.save();
    expect(picker).toHaveBeenCalledTimes(1);
    expect(ws.get().fileName).toBe('picked.json');
    h.live.setText(spec('Again'));
    await ws.save();
    expect(picker).toHaveBeenCalledTimes(1);
    expect(file.text).toBe(spec('Again'));
  });

  it('a cancelled picker says nothing and keeps the text dirty; a failing save says why', async () => {
    vi.stubGlobal('window', {
      showSaveFilePicker: async () => {
        throw new DOMException('no', 'AbortError');
      },
    });
    const { ws } = await workspace();
    await ws.save();
    expect(ws.get().messages).toEqual([]);
    expect(ws.dirty()).toBe(true);
    const failing = page({ saveSpec: async () => Promise.reject(new Error('disk full')) });
    const other = await workspace(spec('x'), {}, failing);
    await other.ws.save();
    expect(other.ws.get().messages[0]).toMatchObject({ kind: 'error', text: 'Could not save: disk full' });
  });
});

describe('sharing and exporting', () => {
  it('the share link carries the text exactly and is copied', async () => {
    const text = `${spec('Ünïcode ✓')}\r\n`;
    const { ws, calls } = await workspace(text);
    const { link, copied } = await ws.share();
    expect(copied).toBe(true);
    expect(calls.copied).toEqual([link.url]);
    const route = decodeHash(new URL(link.url).hash);
    expect(route.kind).toBe('spec');
    expect(await linkText(route as Extract<typeof route, { kind: 'spec' }>)).toBe(text);
  });

  it('a clipboard the page may not use: the link is still given', async () => {
    const { ws } = await workspace(spec('x'), {}, page({ copy: () => Promise.reject(new Error('denied')) }));
    const { link, copied } = await ws.share();
    expect(copied).toBe(false);
    expect(new URL(link.url).hash).toBe(encodeShareHash(spec('x')));
  });

  it('exports the chart on screen with the text it was drawn from; before a chart they say why not', async () => {
    const h = new LiveHarness({ text: spec('Exported'), lockedOut: false });
    const env = page();
    const ws = new Workspace(h.live, () => undefined, env.env, START);
    expect(ws.exports().map((x) => [x.kind, x.disabled])).toEqual([
      ['png1', 'Nothing drawn yet'],
      ['png2', 'Nothing drawn yet'],
      ['svg', 'Nothing drawn yet'],
      ['pdf', 'Nothing drawn yet'],
      ['html', 'Nothing drawn yet'],
      ['vega-lite', 'Nothing compiled yet'],
      ['vega', 'Nothing compiled yet'],
    ]);
    h.live.start();
    h.answer();
    await h.drawn();
    expect(ws.exports().every((x) => x.disabled === undefined)).toBe(true);
    await ws.exportAs('svg');
    const [{ kind, source }] = env.calls.exported as [{ kind: ExportKind; source: ExportSource }];
    expect(kind).toBe('svg');
    expect(source).toMatchObject({ text: spec('Exported'), language: 'vega-lite', fileName: 'chart.vl.json' });
    expect(source.view).toBe(h.pane.view);
    expect(ws.get().messages[0]).toMatchObject({ testid: 'exported', text: 'Exported chart.svg.' });
  });

  it('a failing export is said', async () => {
    const failing = page({ exportChart: () => Promise.reject(new Error('canvas too big')) });
    const { ws } = await workspace(spec('x'), {}, failing);
    await ws.exportAs('png2');
    expect(ws.get().messages[0]).toMatchObject({ kind: 'error', text: 'Export failed: canvas too big' });
  });
});

describe('notices and the lock-out', () => {
  it('a lock-out starts with its notice; Draw it now draws and takes the notice away', async () => {
    const { h, ws } = await workspace(spec('Locked'), { lockedOut: true, notice: 'The page stopped.' });
    expect(h.live.status().state).toBe('empty');
    expect(ws.get().messages).toEqual([expect.objectContaining({ testid: 'lockout', kind: 'warning' })]);
    ws.run();
    h.answer();
    await h.drawn();
    expect(h.live.status().state).toBe('ready');
    expect(ws.get().messages).toEqual([]);
  });

  it('opening a text ends a lock-out (it was about another text)', async () => {
    const { h, ws } = await workspace(spec('Locked'), { lockedOut: true, notice: 'The page stopped.' });
    ws.open(spec('New'), { label: 'new.json', fileName: 'new.json', pristine: true });
    h.answer();
    await h.drawn();
    expect(h.live.status().state).toBe('ready');
    expect(ws.get().messages.map((m) => m.testid)).toEqual(['opened']);
  });

  it('one notice of each origin, newest first, at most three; each can be dismissed', async () => {
    const { ws } = await workspace();
    ws.say({ text: 'a', kind: 'info', testid: 'saved' });
    ws.say({ text: 'b', kind: 'info', testid: 'saved' });
    ws.say({ text: 'c', kind: 'info', testid: 'exported' });
    ws.say({ text: 'd', kind: 'info', testid: 'opened' });
    ws.say({ text: 'e', kind: 'error', testid: 'notice' });
    expect(ws.get().messages.map((m) => m.text)).toEqual(['e', 'd', 'c']);
    ws.dismiss(ws.get().messages[1]!.id);
    expect(ws.get().messages.map((m) => m.text)).toEqual(['e', 'c']);
  });

  it('Recent that cannot be stored is said, and the text still opens', async () => {
    installStorage(spec('Mine').length + 40);
    const { h, ws } = await workspace();
    ws.open(spec('Next'), { label: 'n.json', fileName: 'n.json', pristine: true });
    expect(h.live.get().text).toBe(spec('Next'));
    expect(ws.get().messages.map((m) => m.testid)).toEqual(['opened', 'recent-warning']);
  });
});

describe('drawing on the chart', () => {
  const candles = JSON.stringify(
    {
      data: { values: [{ d: '2024-01-01', o: 1, h: 2, l: 0.5, c: 1.5 }] },
      layer: [
        {
          mark: 'candlestick',
          encoding: {
            x: { field: 'd', type: 'temporal' },
            open: { field: 'o' },
            high: { field: 'h' },
            low: { field: 'l' },
            close: { field: 'c' },
          },
        },
      ],
    },
    null,
    2,
  );
  const item = { kind: 'level', y: 1.25 } as const;

  it('a drawing finished is inserted beside its unit as one edit, and its text selected', async () => {
    const { h, ws, selected } = await workspace(candles);
    await ws.drawing({ kind: 'insert', unit: '/layer/0', item });
    const text = h.live.get().text;
    expect(JSON.parse(text).layer[1]).toEqual({ mark: { type: 'annotation', items: [item] } });
    expect(selected).toHaveLength(1);
    const { offset, length } = selected[0]!;
    expect(JSON.parse(text.slice(offset, offset + length))).toEqual(item);
  });

  it('moving an item rewrites its positions and selects it again; Delete takes it out', async () => {
    const { h, ws, selected } = await workspace(candles);
    await ws.drawing({ kind: 'insert', unit: '/layer/0', item });
    await ws.drawing({ kind: 'move', unit: '/layer/0', pointer: '/layer/1/mark/items/0', position: { y: 1.75 } });
    const text = h.live.get().text;
    expect(JSON.parse(text).layer[1].mark.items).toEqual([{ kind: 'level', y: 1.75 }]);
    const { offset, length } = selected.at(-1)!;
    expect(JSON.parse(text.slice(offset, offset + length))).toEqual({ kind: 'level', y: 1.75 });
    await ws.drawing({ kind: 'delete', pointer: '/layer/1/mark/items/0' });
    expect(h.live.get().text).toBe(candles);
  });

  it('a text that does not parse is left alone', async () => {
    const broken = candles.slice(0, -3);
    const { h, ws, selected } = await workspace(broken);
    await ws.drawing({ kind: 'insert', unit: '/layer/0', item });
    await ws.drawing({ kind: 'move', unit: '/layer/0', pointer: '/layer/1/mark/items/0', position: { y: 1 } });
    await ws.drawing({ kind: 'delete', pointer: '/layer/1/mark/items/0' });
    expect(h.live.get().text).toBe(broken);
    expect(selected).toEqual([]);
    expect(ws.get().messages).toEqual([]);
  });
});
