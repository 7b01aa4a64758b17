import { useEffect, useRef } from 'react';

/** The platform's command key, as people see it on their keyboard. */
export const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export const SHORTCUTS: [keys: string, what: string][] = [
  [`${MOD}+S`, 'Save the spec (in place where the browser allows, as a download otherwise)'],
  [`${MOD}+O`, 'Open a .json spec from your disk (or drop one onto the page)'],
  ['Shift+Alt+F', 'Format the spec'],
  [`${MOD}+Enter`, 'Run now: draw the current text at once (also after a lock-out)'],
  [`${MOD}+Z`, 'Undo; also brings back a text replaced by an example, a file or a link'],
  ['Ctrl+Space', 'Suggest properties and values from the schema'],
  ['F1', "The editor's command palette"],
  ['Escape', 'Close a menu, this panel or the gallery'],
];

/** Keyboard shortcuts and where things are: a modal dialog, closed with Escape or its button. */
export function HelpPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="help" aria-labelledby="help-title" onClose={onClose} data-testid="help">
      <div className="help-head">
        <h2 id="help-title">Keyboard shortcuts</h2>
        <button type="button" className="close" onClick={onClose} aria-label="Close help">
          ×
        </button>
      </div>
      <table>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <td>
                {keys.split('+').map((k, i) => (
                  <span key={i}>
                    {i > 0 && '+'}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Files and links</h3>
      <ul>
        <li>Your text is saved in this browser as you type and comes back when you reload.</li>
        <li>
          Opening an example, a file or a link keeps the text it replaces under <b>Recent</b>.
        </li>
        <li>
          <b>Share</b> copies a link with the whole spec inside (<code>#/s/…</code>); links from the Vega Editor (
          <code>#/url/vega-lite/…</code>, <code>#/url/vega/…</code>) open here too.
        </li>
        <li>
          <b>Export</b> makes PNG, SVG, standard Vega-Lite (extension marks expanded) or Vega, all in the browser.
        </li>
      </ul>
    </dialog>
  );
}
