import type { ChartTheme, ColorScheme, Preferences, RendererChoice } from '../io/preferences';
import { CHART_THEMES, type PreferencesStore } from '../state/preferences';

export type PreferenceActions = Pick<
  PreferencesStore,
  'setEditor' | 'setColorScheme' | 'setChartTheme' | 'setRenderer'
>;

interface ViewMenuProps {
  preferences: Preferences;
  actions: PreferenceActions;
}

const SCHEMES: [ColorScheme, string][] = [
  ['system', 'As the system'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/** SVG keeps the marks in the page (inspectable, selectable text); a canvas draws many faster. */
const RENDERERS: [RendererChoice, string][] = [
  ['auto', 'Automatic'],
  ['svg', 'SVG'],
  ['canvas', 'Canvas'],
];

const themeLabel = (t: ChartTheme) => (t === 'auto' ? 'Automatic (dark with a dark page)' : t);

/** The page's colors, the chart theme, and how the editor shows the text. Remembered across visits. */
export function ViewMenu({ preferences: p, actions }: ViewMenuProps) {
  const item = (
    role: 'menuitemcheckbox' | 'menuitemradio',
    label: string,
    on: boolean,
    act: () => void,
    id: string,
  ) => (
    <button key={id} type="button" role={role} aria-checked={on} className="menu-item" data-testid={id} onClick={act}>
      <span className="menu-label">
        <span className="menu-check" aria-hidden="true">
          {on ? (role === 'menuitemradio' ? '•' : '✓') : ''}
        </span>
        {label}
      </span>
    </button>
  );
  const e = p.editor;
  return (
    // The items are a menu; the theme select is not a menu item (a menu may hold none), so it sits
    // beside the menu in the same popup.
    <div className="menu view-menu">
      <div role="menu" aria-label="View">
        <div role="group" aria-label="Colors">
          <p className="menu-heading">Colors</p>
          {SCHEMES.map(([scheme, label]) =>
            item(
              'menuitemradio',
              label,
              p.colorScheme === scheme,
              () => actions.setColorScheme(scheme),
              `scheme-${scheme}`,
            ),
          )}
        </div>
        <div role="group" aria-label="Chart drawn as">
          <p className="menu-heading">Chart drawn as</p>
          {RENDERERS.map(([r, label]) =>
            item('menuitemradio', label, p.renderer === r, () => actions.setRenderer(r), `renderer-${r}`),
          )}
        </div>
        <div role="group" aria-label="Editor">
          <p className="menu-heading">Editor</p>
          {item(
            'menuitemcheckbox',
            'Word wrap',
            e.wordWrap,
            () => actions.setEditor({ wordWrap: !e.wordWrap }),
            'view-wrap',
          )}
          {item(
            'menuitemcheckbox',
            'Minimap',
            e.minimap,
            () => actions.setEditor({ minimap: !e.minimap }),
            'view-minimap',
          )}
          <div className="menu-row" role="group" aria-label={`Editor text size: ${e.fontSize} px`}>
            <span className="menu-label">Text size {e.fontSize} px</span>
            <button
              type="button"
              role="menuitem"
              className="menu-step"
              aria-label="Smaller text"
              data-testid="view-smaller"
              onClick={() => actions.setEditor({ fontSize: e.fontSize - 1 })}
            >
              −
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu-step"
              aria-label="Larger text"
              data-testid="view-larger"
              onClick={() => actions.setEditor({ fontSize: e.fontSize + 1 })}
            >
              +
            </button>
          </div>
        </div>
      </div>
      <label className="menu-row">
        <span className="menu-label">Chart theme</span>
        <select
          value={p.chartTheme}
          data-testid="chart-theme"
          onChange={(ev) => actions.setChartTheme(ev.target.value as ChartTheme)}
        >
          {CHART_THEMES.map((t) => (
            <option key={t} value={t}>
              {themeLabel(t)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
