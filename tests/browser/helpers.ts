import { expect, type Page } from '@playwright/test';
import LZString from 'lz-string';

export function shareHash(text: string): string {
  return '#/s/' + LZString.compressToEncodedURIComponent(text);
}

export interface PageWatch {
  consoleErrors: string[];
  cspViolations: string[];
}

/** Records console errors, page errors and CSP violations from the start of the page. */
export async function watch(page: Page): Promise<PageWatch> {
  const w: PageWatch = { consoleErrors: [], cspViolations: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') w.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => w.consoleErrors.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__reportCsp', (v: string) => w.cspViolations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return w;
}

/** Opens the app with a given spec (through a share link) and a clean storage. */
export async function openWith(page: Page, text: string): Promise<void> {
  await page.goto('/' + shareHash(text));
  await waitForChart(page, 1);
}

export function chartPane(page: Page) {
  return page.locator('.chart-pane');
}

/** The version of the chart on screen (each compiled edit gets a higher one). */
export async function shownVersion(page: Page): Promise<number> {
  return Number((await chartPane(page).getAttribute('data-version')) ?? 0);
}

/** Waits until a chart of at least `minVersion` is drawn and up to date with the text. */
export async function waitForChart(page: Page, minVersion: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const state = await chartPane(page).getAttribute('data-state');
        return state === 'ready' && (await shownVersion(page)) >= minVersion;
      },
      { message: `chart version ≥ ${minVersion} drawn` },
    )
    .toBe(true);
}

/** Waits for Monaco to take over from the plain textarea. */
export async function editorReady(page: Page): Promise<void> {
  await expect(page.getByTestId('editor')).toHaveAttribute('data-editor-status', 'ready');
}

/**
 * Pastes text at the cursor (replacing the selection) through a real paste event, as Ctrl+V
 * does: unlike typing, a paste is not auto-indented or auto-closed by the editor.
 */
export async function paste(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** Replaces the whole text the way a person does: select all, then paste. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await editorReady(page);
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+A');
  await paste(page, text);
}

/**
 * Clicks into the editor's text where a person would: its first visible line. (Not the centre of
 * `.view-lines`: in a long text that element is as tall as the text, so the click would first
 * scroll Monaco's clipped box and could land outside the editor, leaving the focus on the page.)
 */
export async function clickIntoEditor(page: Page): Promise<void> {
  await page.locator('[data-testid="editor"] .editor-scrollable').click({ position: { x: 24, y: 8 } });
}

/** Puts the cursor at the end of a line (1-based) with the keyboard, as a person would. */
export async function cursorToLineEnd(page: Page, line: number): Promise<void> {
  await clickIntoEditor(page);
  await page.keyboard.press('ControlOrMeta+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

/** The lines of text Monaco shows (those in view only: a long text's other lines are not drawn). */
export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll('[data-testid="editor"] .view-line')];
    // Monaco renders spaces as no-break spaces.
    return lines.map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
  });
}

export async function waitForSchemaCheck(page: Page): Promise<void> {
  await expect(page.getByTestId('problems').locator('.checking')).toHaveCount(0, { timeout: 30_000 });
}

export function problems(page: Page) {
  return page.getByTestId('problem');
}

/** Vega's SVG marks of one kind, e.g. 'rect' bars. */
export function marks(page: Page, type: string) {
  return page.locator(
    `[data-testid="chart"] svg g.mark-${type} path, [data-testid="chart"] svg g.mark-${type} line, [data-testid="chart"] svg g.mark-${type} text`,
  );
}

/** Opens a file through the Open button's file picker. */
export async function openFile(page: Page, name: string, text: string | Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('open').click();
  await (
    await chooser
  ).setFiles({ name, mimeType: 'application/json', buffer: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8') });
}

/** Opens an example through the address, as a gallery link does, and waits for it to be drawn. */
export async function openExample(page: Page, name: string) {
  // The chart the page opened with first: until it is drawn, it could pass for the example's.
  await waitForChart(page, 1);
  const before = await shownVersion(page);
  await page.evaluate((n) => (location.hash = `#/example/${n}`), name);
  await expect
    .poll(
      async () => (await chartPane(page).getAttribute('data-state')) === 'ready' && (await shownVersion(page)) > before,
      {
        message: `${name} drawn`,
      },
    )
    .toBe(true);
}

/** A scale of the chart on screen, read from its view: its type and its domain (times as milliseconds). */
export async function drawnScale(page: Page, name: string): Promise<{ type: string; domain: number[] }> {
  return page.evaluate((n) => {
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scale(n: string): { type: string; domain(): unknown[] } };
    };
    const scale = host.chartspecView.scale(n);
    return { type: scale.type, domain: scale.domain().map(Number) };
  }, name);
}

/** Every text the chart on the page draws (labels, axis titles and ticks, tags). */
export async function drawnTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Item = Record<string, unknown> & { items?: Item[]; marktype?: string };
    const host = document.querySelector('[data-testid="chart"]') as Element & {
      chartspecView: { scenegraph(): { root: Item } };
    };
    const out: string[] = [];
    const walk = (n: Item) => {
      if (n.marktype === 'text') for (const t of n.items ?? []) out.push(String(t['text']));
      for (const c of n.items ?? []) walk(c);
    };
    walk(host.chartspecView.scenegraph().root);
    return out;
  });
}
