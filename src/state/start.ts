import { decodeHash, linkText } from '../io/share';
import { loadSavedText, pushRecent, stoppedWhileDrawing } from '../io/storage';
import type { StartInfo } from './workspace';
import type { Address } from './address';

const LOCKED_OUT =
  'Last time, the page stopped (crashed, hung or was closed) while drawing this spec, so it is not drawn now. ' +
  'Your text is here: fix it, or press “Draw it now” (Ctrl+Enter) to try again.';

/**
 * What the editor opens with: a shared link or an example named in the address, else the
 * autosaved text, else `welcome`. A link or example that replaces autosaved text keeps that text
 * in Recent. The address is then cleared, so a reload restores the autosaved text. A text the
 * page stopped while drawing last time opens locked out.
 */
export async function startingText(
  welcome: string,
  env: Pick<Address, 'hash' | 'clearHash'> & { loadExample(name: string): Promise<string | undefined> },
): Promise<{ text: string; start: StartInfo }> {
  const route = decodeHash(env.hash());
  const saved = loadSavedText();
  let text = saved ?? welcome;
  let fileName = saved === undefined ? 'welcome.vl.json' : 'chart.vl.json';
  let pristine = saved === undefined;
  let notice: string | undefined;
  let incoming: string | undefined;
  if (route.kind === 'spec') {
    incoming = await linkText(route);
    fileName = 'chart.vl.json';
    pristine = false;
  } else if (route.kind === 'example') {
    incoming = await env.loadExample(route.name);
    if (incoming === undefined) notice = `There is no example called “${route.name}”.`;
    else {
      fileName = `${route.name}.vl.json`;
      pristine = true;
    }
  } else if (route.kind === 'invalid') notice = route.message;
  if (incoming !== undefined) {
    if (saved !== undefined && saved.trim() !== '' && saved !== incoming && saved !== welcome) {
      const kept = pushRecent({ text: saved, label: 'Autosaved text', at: Date.now() });
      notice = kept.result.ok ? 'Your autosaved text is kept under Recent.' : kept.result.message;
    }
    text = incoming;
  }
  if (route.kind !== 'gallery' && route.kind !== 'none') env.clearHash();

  const lockedOut = stoppedWhileDrawing(text);
  if (lockedOut) notice = LOCKED_OUT;
  return {
    text,
    start: { fileName, pristine, gallery: route.kind === 'gallery', ...(notice ? { notice } : {}), lockedOut },
  };
}
