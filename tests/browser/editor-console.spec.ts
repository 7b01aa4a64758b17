import { expect, test } from '@playwright/test';
import { BAR, FOUR_BARS } from './fixtures';
import { editorReady, openWith, pasteText, shownVersion, waitForChart, watch } from './helpers';

/**
 * Retyping a spec from scratch: select all, then type the new text without pausing. Each text
 * starts with a character Monaco would wrap a selection in (bracket or quote).
 */
const TYPED = [
  '{"mark": "bar", "data": {"values": [{"a": 1}]}, "encoding": {"x": {"field": "a"}}}\n',
  '{\n"a": [1,2,3],\n"b": "text"\n}\n',
  '["not", "a", "spec"]\n',
  '"just a string"\n',
];

/**
 * Before each retyping, a spec as it comes from a file: ending with a newline, so the selection
 * Ctrl+A makes ends on an empty last line, where Monaco corrupts its token store if it wraps the
 * selection (see `surroundOff` in src/editor/monaco-host.ts). It is a race with Monaco's idle-time
 * tokenizer: without the workaround, most rounds log the error, and every run failed.
 */
const PASTED = [BAR + '\n', FOUR_BARS + '\n'];

const ROUNDS = 12;

test('select all, then typing fast, logs no console error', async ({ page }) => {
  test.setTimeout(120_000);
  const w = await watch(page);
  await openWith(page, BAR);
  await editorReady(page);
  for (let round = 0; round < ROUNDS; round++) {
    const v = await shownVersion(page);
    await pasteText(page, PASTED[round % PASTED.length]!);
    await waitForChart(page, v + 1);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(TYPED[round % TYPED.length]!);
    // And again over what was just typed.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(TYPED[(round + 1) % TYPED.length]!);
  }
  // Monaco reports its errors from event handlers and timers: let them come.
  await page.waitForTimeout(500);
  expect(w.consoleErrors).toEqual([]);
});
