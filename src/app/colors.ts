import { chartThemeName, loadPreferences, type Preferences } from '../io/preferences';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The page's colors as the preferences and the system say, and the chart theme to compile in. */
export function colorsOf(prefs: Preferences, systemDark: boolean): { dark: boolean; chartTheme: string | undefined } {
  const dark = prefs.colorScheme === 'dark' || (prefs.colorScheme === 'system' && systemDark);
  return { dark, chartTheme: chartThemeName(prefs.chartTheme, dark) };
}

/** Marks the document: `data-theme`, which the style sheets read, and the browser's own controls. */
export function markDocument(dark: boolean): void {
  const root = document.documentElement;
  root.dataset['theme'] = dark ? 'dark' : 'light';
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/** At start, before anything is painted: the stored preferences and the system's colors. */
export function pageColors(): { dark: boolean; chartTheme: string | undefined } {
  const colors = colorsOf(loadPreferences(), window.matchMedia(DARK_QUERY).matches);
  markDocument(colors.dark);
  return colors;
}
