import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { decodeHash } from '../io/share';
import { loadSavedText } from '../io/storage';
import welcome from '../../examples/welcome.vl.json?raw';
import './styles.css';

/** What the editor opens with: a shared link, else the autosaved text, else the welcome spec. */
function startingText(): { text: string; notice?: string } {
  const route = decodeHash(location.hash);
  const saved = loadSavedText();
  if (route.kind === 'spec') return { text: route.text };
  const fallback = saved ?? welcome;
  if (route.kind === 'invalid') return { text: fallback, notice: route.message };
  return { text: fallback };
}

function subscribeIncoming(listener: (text: string) => void): () => void {
  const onHash = () => {
    const route = decodeHash(location.hash);
    if (route.kind === 'spec') listener(route.text);
  };
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}

const { text, notice } = startingText();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App initialText={text} notice={notice} subscribeIncoming={subscribeIncoming} />
  </StrictMode>,
);
