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
  ['Escape', 'Close a menu, this panel or the gallery; put a drawing tool down'],
  ['Delete', 'Remove the drawing picked on the chart from the spec (the chart has the focus)'],
];

/** The shortcuts table and where files and links go: the help dialog's first tab. */
export function HelpShortcuts() {
  return (
    <>
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
          <b>Export</b> makes PNG, SVG, PDF, a standalone HTML page (the interactive chart in one file that works
          offline), standard Vega-Lite (extension marks expanded) or Vega, all in the browser and in the chart theme you
          see; <b>Share</b> also opens the chart in the Vega Editor.
        </li>
        <li>
          <b>Reference</b> lists every option of the candlestick, ohlc, annotation and gauge marks; each kind and style
          opens as an example.
        </li>
      </ul>
    </>
  );
}
