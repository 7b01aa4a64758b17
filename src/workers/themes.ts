import { PAGE_DARK_BACKGROUND, PAGE_DARK_THEME } from '../io/preferences';

/**
 * The chart themes of a vega-themes module by name (its exports that are configs, not its
 * version), and the page's own dark theme: `dark` on the chart pane's color.
 */
export function chartThemes(module: Record<string, unknown>): Record<string, object> {
  const themes = Object.fromEntries(
    Object.entries(module).filter((e): e is [string, object] => typeof e[1] === 'object' && e[1] !== null),
  );
  if (themes['dark']) themes[PAGE_DARK_THEME] = { ...themes['dark'], background: PAGE_DARK_BACKGROUND };
  return themes;
}
