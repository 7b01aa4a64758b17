import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { HelpShortcuts } from './HelpShortcuts';
import type { OpenReferenceExample } from './ReferencePanel';

export { MOD, SHORTCUTS } from './HelpShortcuts';

/**
 * The reference reads the mark registry and its schemas: a chunk of its own, loaded when the tab
 * is first shown, so the page's first chart does not wait for it.
 */
const ReferencePanel = lazy(() => import('./ReferencePanel').then((m) => ({ default: m.ReferencePanel })));

const TABS = [
  { id: 'shortcuts', label: 'Keyboard shortcuts' },
  { id: 'reference', label: 'Reference' },
] as const;
type Tab = (typeof TABS)[number]['id'];

interface HelpPanelProps {
  open: boolean;
  onClose(): void;
  /** Opens a reference example in the editor, as the gallery opens an example. */
  onOpenExample?: OpenReferenceExample;
}

/** Keyboard shortcuts and the extension marks' reference: a modal dialog, closed with Escape or its button. */
export function HelpPanel({ open, onClose, onOpenExample }: HelpPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [tab, setTab] = useState<Tab>('shortcuts');
  // Mounted once shown, then kept: its search and scroll survive switching tabs.
  const [referenceShown, setReferenceShown] = useState(false);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ shortcuts: null, reference: null });
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const choose = (t: Tab) => {
    setTab(t);
    if (t === 'reference') setReferenceShown(true);
  };
  // Arrow keys move between the tabs, as in every tab list (WAI-ARIA).
  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    const id = TABS[next]!.id;
    choose(id);
    tabs.current[id]?.focus();
  };

  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={onClose} data-testid="help">
      <div className="help-head">
        <h2 id="help-title">Help</h2>
        <div className="help-tabs" role="tablist" aria-label="Help sections" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(b) => {
                tabs.current[t.id] = b;
              }}
              type="button"
              role="tab"
              id={`help-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`help-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => choose(t.id)}
              data-testid={`help-tab-${t.id}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        <button type="button" className="close" onClick={onClose} aria-label="Close help">
          ×
        </button>
      </div>
      <div
        role="tabpanel"
        id="help-panel-shortcuts"
        aria-labelledby="help-tab-shortcuts"
        hidden={tab !== 'shortcuts'}
        className="help-body"
      >
        <HelpShortcuts />
      </div>
      <div
        role="tabpanel"
        id="help-panel-reference"
        aria-labelledby="help-tab-reference"
        hidden={tab !== 'reference'}
        className="help-body help-reference"
      >
        {referenceShown && (
          <Suspense fallback={<p className="muted">Loading the reference…</p>}>
            <ReferencePanel
              onOpenExample={(example) => {
                onOpenExample?.(example);
                onClose();
              }}
            />
          </Suspense>
        )}
      </div>
    </dialog>
  );
}
