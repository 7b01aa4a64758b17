import { useRef, useState } from 'react';
import type { RecentEntry } from '../io/storage';
import type { ShareLink } from '../io/share';
import type { ExportKind, VegaEditorLink } from '../state/export';
import { ConfirmDialog } from './ConfirmDialog';
import { ExportMenu, type ExportChoice } from './ExportMenu';
import { MOD } from './HelpPanel';
import { MenuButton, useMenuDismiss } from './Menu';
import { RecentMenu } from './RecentMenu';
import { SharePanel } from './SharePanel';
import { ViewMenu, type PreferenceActions } from './ViewMenu';
import type { Preferences } from '../io/preferences';

interface ToolbarProps {
  fileName: string;
  dirty: boolean;
  recent: readonly RecentEntry[];
  exports: readonly ExportChoice[];
  onOpen(): void;
  onSave(): void;
  onExport(kind: ExportKind): void;
  /** Makes the link (and copies it); the panel shows what it returns. */
  onShare(): Promise<{ link: ShareLink; copied: boolean; vegaEditor?: VegaEditorLink }>;
  onRestore(entry: RecentEntry): void;
  onGallery(): void;
  onHelp(): void;
  /** Colors, chart theme and the editor's view (the View menu). */
  preferences: Preferences;
  onPreferences: PreferenceActions;
}

type Menu = 'recent' | 'export' | 'share' | 'view' | undefined;

/** Open, Recent, Save, Export, Share, Gallery and Help: the workflows around the editor. */
export function Toolbar(props: ToolbarProps) {
  const [menu, setMenu] = useState<Menu>();
  const [share, setShare] = useState<{ link: ShareLink; copied: boolean; vegaEditor?: VegaEditorLink }>();
  // An export chosen while the chart on screen is the last good one waits for the user's yes.
  const [confirming, setConfirming] = useState<ExportChoice>();
  const root = useRef<HTMLDivElement>(null);

  useMenuDismiss(root, menu, () => setMenu(undefined));

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
        <RecentMenu
          recent={props.recent}
          onChoose={(entry) => {
            setMenu(undefined);
            props.onRestore(entry);
          }}
        />
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
        <ExportMenu
          exports={props.exports}
          onChoose={(choice) => {
            setMenu(undefined);
            if (choice.confirm) setConfirming(choice);
            else props.onExport(choice.kind);
          }}
        />
      </MenuButton>
      <ConfirmDialog
        open={!!confirming}
        title="Export the last good chart?"
        message={confirming?.confirm ?? ''}
        confirmLabel="Export the last good chart"
        onConfirm={() => {
          if (confirming) props.onExport(confirming.kind);
          setConfirming(undefined);
        }}
        onCancel={() => setConfirming(undefined)}
        testid="export-confirm"
      />
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
      <MenuButton
        id="view"
        open={menu === 'view'}
        onToggle={() => toggle('view')}
        label="View"
        title="Colors, chart theme, and the editor's word wrap, minimap and text size"
      >
        <ViewMenu preferences={props.preferences} actions={props.onPreferences} />
      </MenuButton>
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
