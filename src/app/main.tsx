import { watchOtherPages } from '../io/storage';
import { pageColors } from './colors';
import { pageAddress } from '../state/address';
import { startingText } from '../state/start';
import { loadExampleText } from './gallery/examples';
import { markValidated, startWorkers } from './early';
import { Shell } from './shell';
import welcome from '../../examples/welcome.vl.json?raw';
import './styles.css';
import './help.css';

// This module is small on purpose: it finds the text and sets the workers to work on it while
// the browser is still loading and evaluating the app (React, Vega).
watchOtherPages();
const { text, start } = await startingText(welcome, { ...pageAddress, loadExample: loadExampleText });
// The page's colors before anything is painted, and the chart theme of the first compile.
const { chartTheme } = pageColors();
const root = document.getElementById('root')!;
const shell = new Shell(root, text, !start.lockedOut);
const early = start.lockedOut
  ? undefined
  : startWorkers(
      text,
      (answer) => {
        // Only a check of a spec that parsed says anything (syntax problems are the pipeline's).
        if (answer.by !== undefined && shell.show(answer)) markValidated(answer);
      },
      chartTheme,
    );
const { mount } = await import('./mount');
mount(root, text, start, early);
