import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import type { RecentEntry } from '../io/storage';
import type { ShareLink } from '../io/share';
import type { ExportKind } from '../state/export';
import { MOD } from './HelpPanel';

export interface ExportChoice {
  kind: ExportKind;
  label: string;
  hint: string;
  /** Why it cannot be made now. */
  disabled?: string;
}

interface ToolbarProps {
  fileName: string;
  dirty: boolean;
  recent: readonly RecentEntry[];
  exports: readonly ExportChoice[];
  onOpen(): void;
  onSave(): void;
  onExport(kind: ExportKind): void;
  /** Makes the link (and copies it); the panel shows what it returns. */
  onShare(): Promise<{ link: ShareLink; copied: boolean }>;
  onRestore(entry: RecentEntry): void;
  onGallery(): void;
  onHelp(): void;
}

type Menu = 'recent' | 'export' | 'share' | undefined;

/** Open, Recent, Save, Export, Share, Gallery and Help: the workflows around the editor. */
export function Toolbar(props: ToolbarProps) {
  const [menu, setMenu] = useState<Menu>();
  const [share, setShare] = useState<{ link: ShareLink; copied: boolean }>();
  const root = useRef<HTMLDivElement>(null);

  // A click elsewhere or Escape closes an open menu; Escape gives focus back to its button.
  useEffect(() => {
    if (!menu) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setMenu(undefined);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      root.current?.querySelector<HTMLButtonElement>(`[data-menu="${menu}"]`)?.focus();
      setMenu(undefined);
    };
    window.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const toggle = (m: Menu) => setMenu((open) => (open === m ? undefined : m));
  const openShare = async () => {
    if (menu === 'share') return setMenu(undefined);
    setShare(undefined);
    setMenu('share');
    setShare(await props.onShare());
  };

  return (
    <div className="toolbar" ref={root} role="toolbar" aria-label="File, export and share">
      <button
        type="button"
        className="tool"
        onClick={props.onOpen}
        title={`Open a .json spec (${MOD}+O)`}
        data-testid="open"
      >
        Open
      </button>
      <MenuButton
        id="recent"
        open={menu === 'recent'}
        onToggle={() => toggle('recent')}
        label="Recent"
        title="Texts you replaced, newest first"
      >
        <div className="menu" role="menu" aria-label="Recent texts">
          {props.recent.length === 0 ? (
            <p className="menu-empty">Texts you replace by opening an example, a file or a link are kept here.</p>
          ) : (
            props.recent.map((entry) => (
              <button
                key={entry.at + entry.label}
                type="button"
                role="menuitem"
                className="menu-item"
                data-testid="recent-item"
                onClick={() => {
                  setMenu(undefined);
                  props.onRestore(entry);
                }}
              >
                <span className="menu-label">{entry.label}</span>
                <span className="menu-hint">
                  {when(entry.at)} · {entry.text.length.toLocaleString('en')} characters
                </span>
              </button>
            ))
          )}
        </div>
      </MenuButton>
      <button
        type="button"
        className="tool"
        onClick={props.onSave}
        title={`Save ${props.fileName} (${MOD}+S)`}
        data-testid="save"
      >
        Save
        {props.dirty ? (
          <span className="dirty" aria-label="(unsaved changes)">
            •
          </span>
        ) : null}
      </button>
      <MenuButton
        id="export"
        open={menu === 'export'}
        onToggle={() => toggle('export')}
        label="Export"
        title="Download the chart as an image or a spec"
      >
        <div className="menu" role="menu" aria-label="Export">
          {props.exports.map((x) => (
            <button
              key={x.kind}
              type="button"
              role="menuitem"
              className="menu-item"
              data-export={x.kind}
              disabled={!!x.disabled}
              title={x.disabled}
              onClick={() => {
                setMenu(undefined);
                props.onExport(x.kind);
              }}
            >
              <span className="menu-label">{x.label}</span>
              <span className="menu-hint">{x.disabled ?? x.hint}</span>
            </button>
          ))}
        </div>
      </MenuButton>
      <div className="menu-anchor">
        <button
          type="button"
          className="tool"
          data-menu="share"
          aria-expanded={menu === 'share'}
          aria-haspopup="dialog"
          onClick={() => void openShare()}
          title="Copy a link that carries this spec"
          data-testid="share"
        >
          Share
        </button>
        {menu === 'share' && <SharePanel share={share} />}
      </div>
      <button
        type="button"
        className="tool"
        onClick={props.onGallery}
        title="Examples to start from"
        data-testid="gallery-button"
      >
        Gallery
      </button>
      <button
        type="button"
        className="tool icon"
        onClick={props.onHelp}
        title="Keyboard shortcuts and help"
        aria-label="Help"
        data-testid="help-button"
      >
        ?
      </button>
    </div>
  );
}

function MenuButton({
  id,
  open,
  onToggle,
  label,
  title,
  children,
}: {
  id: string;
  open: boolean;
  onToggle(): void;
  label: string;
  title: string;
  children: ReactNode;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(anchor.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []),
  ];
  // An opened menu takes the focus; arrow keys move through its items.
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const list = items();
    if (!list.length) return;
    e.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    list[next]!.focus();
  };
  return (
    <div className="menu-anchor" ref={anchor} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="tool"
        data-menu={id}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={onToggle}
        title={title}
        data-testid={`${id}-button`}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && children}
    </div>
  );
}

function SharePanel({ share }: { share?: { link: ShareLink; copied: boolean } }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (share) {
      input.current?.focus();
      input.current?.select();
    }
  }, [share]);
  return (
    <div className="menu share-panel" role="dialog" aria-labelledby={`${id}-h`} data-testid="share-panel">
      <h3 id={`${id}-h`}>Share this spec</h3>
      {!share ? (
        <p className="menu-empty">Making the link…</p>
      ) : (
        <>
          <input
            ref={input}
            readOnly
            value={share.link.url}
            aria-label="Link to this spec"
            data-testid="share-link"
            onFocus={(e) => e.target.select()}
          />
          <p className="share-status" data-testid="share-status">
            {share.copied
              ? 'Copied to the clipboard.'
              : 'Select the link and copy it (the clipboard is not available here).'}{' '}
            <span data-testid="share-length">{share.link.length.toLocaleString('en')} characters</span>
          </p>
          {share.link.warning && (
            <p className="share-warning" role="alert" data-testid="share-warning">
              {share.link.warning}
            </p>
          )}
          <p className="menu-hint">The whole spec travels in the link; nothing is uploaded.</p>
        </>
      )}
    </div>
  );
}

function when(at: number): string {
  const s = Math.round((Date.now() - at) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  return new Date(at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
