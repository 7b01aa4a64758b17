import { decodeHash, linkText } from '../io/share';
import { loadSavedText, pushRecent, stoppedWhileDrawing, watchOtherPages } from '../io/storage';
import { loadExampleText } from './gallery/examples';
import type { StartInfo } from './workflows';
import { markValidated, startWorkers } from './early';
import { Shell } from './shell';
import welcome from '../../examples/welcome.vl.json?raw';
import './styles.css';

/**
 * What the editor opens with: a shared link or an example named in the address, else the
 * autosaved text, else the welcome spec. A link or example that replaces autosaved text keeps
 * that text in Recent. The address is then cleared, so a reload restores the autosaved text.
 */
async function starting(): Promise<{ text: string; start: StartInfo }> {
  const route = decodeHash(location.hash);
  const saved = loadSavedText();
  let text = saved ?? welcome;
  let fileName = 'chart.vl.json';
  let pristine = saved === undefined;
  let notice: string | undefined;
  if (saved === undefined) fileName = 'welcome.vl.json';
  let incoming: string | undefined;
  if (route.kind === 'spec') incoming = await linkText(route);
  else if (route.kind === 'example') {
    incoming = await loadExampleText(route.name);
    if (incoming === undefined) notice = `There is no example called “${route.name}”.`;
    else {
      fileName = `${route.name}.vl.json`;
      pristine = true;
    }
  } else if (route.kind === 'invalid') notice = route.message;
  if (incoming !== undefined) {
    if (route.kind === 'spec') {
      fileName = 'chart.vl.json';
      pristine = false;
    }
    if (saved !== undefined && saved.trim() !== '' && saved !== incoming && saved !== welcome) {
      const kept = pushRecent({ text: saved, label: 'Autosaved text', at: Date.now() });
      notice = kept.result.ok ? 'Your autosaved text is kept under Recent.' : kept.result.message;
    }
    text = incoming;
  }
  if (route.kind !== 'gallery' && route.kind !== 'none')
    history.replaceState(history.state, '', location.pathname + location.search);

  const lockedOut = stoppedWhileDrawing(text);
  if (lockedOut) {
    notice =
      'Last time, the page stopped (crashed, hung or was closed) while drawing this spec, so it is not drawn now. ' +
      'Your text is here: fix it, or press “Draw it now” (Ctrl+Enter) to try again.';
  }
  return { text, start: { fileName, pristine, gallery: route.kind === 'gallery', notice, lockedOut } };
}

// This module is small on purpose: it finds the text and sets the workers to work on it while
// the browser is still loading and evaluating the app (React, Vega).
watchOtherPages();
const { text, start } = await starting();
const root = document.getElementById('root')!;
const shell = new Shell(root, text, !start.lockedOut);
const early = start.lockedOut
  ? undefined
  : startWorkers(text, (answer) => {
      // Only a check of a spec that parsed says anything (syntax problems are the pipeline's).
      if (answer.by !== undefined && shell.show(answer)) markValidated(answer);
    });
const { mount } = await import('./mount');
mount(root, text, start, early);
