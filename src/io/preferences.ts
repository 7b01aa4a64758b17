/** How the user set up the page: kept in storage, read back at start. */
/** The page's colors: as the system says, or chosen. */
export type ColorScheme = 'system' | 'light' | 'dark';

/**
 * The chart themes of vega-themes (tests/unit/state/preferences.test.ts checks the list against
 * the package), and `auto`: none in light pages, `dark` in dark ones.
 */
export const CHART_THEMES = [
  'auto',
  'dark',
  'excel',
  'fivethirtyeight',
  'ggplot2',
  'googlecharts',
  'latimes',
  'powerbi',
  'quartz',
  'urbaninstitute',
  'vox',
  'carbonwhite',
  'carbong10',
  'carbong90',
  'carbong100',
] as const;
export type ChartTheme = (typeof CHART_THEMES)[number];

/**
 * How charts are drawn: `auto` lets the page choose (SVG for few marks, a canvas for many: see
 * src/render/embed-options.ts), or always one of the two.
 */
export const RENDERERS = ['auto', 'svg', 'canvas'] as const;
export type RendererChoice = (typeof RENDERERS)[number];

/** The tabs of the chart pane: the chart, the compiled specs, the data sets. */
export const CHART_TABS = ['chart', 'compiled', 'data'] as const;
export type ChartTab = (typeof CHART_TABS)[number];

export interface Preferences {
  colorScheme: ColorScheme;
  chartTheme: ChartTheme;
  renderer: RendererChoice;
  /** The chart pane's tab shown at start. */
  chartTab: ChartTab;
  /** The editor's share of the workspace (0–1): of the width side by side, of the height stacked. */
  split: number;
  editor: {
    wordWrap: boolean;
    minimap: boolean;
    fontSize: number;
  };
}

export const DEFAULT_PREFERENCES: Preferences = {
  colorScheme: 'system',
  chartTheme: 'auto',
  renderer: 'auto',
  chartTab: 'chart',
  split: 0.42,
  editor: { wordWrap: false, minimap: false, fontSize: 13 },
};

export const FONT_SIZES = { min: 10, max: 24 };
export const SPLIT_RANGE = { min: 0.15, max: 0.85 };

const KEY = 'chartspec:preferences';

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const number = (v: unknown, fallback: number, lo: number, hi: number) =>
  typeof v === 'number' && Number.isFinite(v) ? clamp(v, lo, hi) : fallback;
const boolean = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/**
 * The stored preferences, each field checked: storage is written by this page but can hold
 * anything (another version, a hand edit), and a value out of place falls back to its default.
 */
export function readPreferences(raw: unknown): Preferences {
  const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const e = (p['editor'] && typeof p['editor'] === 'object' ? p['editor'] : {}) as Record<string, unknown>;
  const d = DEFAULT_PREFERENCES;
  const oneOf = <T extends string>(v: unknown, list: readonly T[], fallback: T): T =>
    list.includes(v as T) ? (v as T) : fallback;
  return {
    colorScheme: oneOf(p['colorScheme'], ['system', 'light', 'dark'] as const, d.colorScheme),
    chartTheme: oneOf(p['chartTheme'], CHART_THEMES, d.chartTheme),
    renderer: oneOf(p['renderer'], RENDERERS, d.renderer),
    chartTab: oneOf(p['chartTab'], CHART_TABS, d.chartTab),
    split: number(p['split'], d.split, SPLIT_RANGE.min, SPLIT_RANGE.max),
    editor: {
      wordWrap: boolean(e['wordWrap'], d.editor.wordWrap),
      minimap: boolean(e['minimap'], d.editor.minimap),
      fontSize: Math.round(number(e['fontSize'], d.editor.fontSize, FONT_SIZES.min, FONT_SIZES.max)),
    },
  };
}

export function loadPreferences(): Preferences {
  try {
    const raw = localStorage.getItem(KEY);
    return readPreferences(raw ? JSON.parse(raw) : undefined);
  } catch {
    return readPreferences(undefined);
  }
}

/** Stores the preferences; a storage that refuses (full, private mode) keeps them for this page only. */
export function savePreferences(p: Preferences): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Not worth a notice: the page goes on with them.
  }
}

/**
 * The automatic chart theme of a dark page: vega-themes' `dark` on the chart pane's own color
 * (`--panel` in src/app/styles.css), so the chart does not sit in a grey box.
 */
export const PAGE_DARK_THEME = 'page-dark';
export const PAGE_DARK_BACKGROUND = '#1a2030';

/** The theme a chart is compiled in, if any, for the chosen chart theme and the page's colors. */
export function chartThemeName(theme: ChartTheme, dark: boolean): string | undefined {
  if (theme === 'auto') return dark ? PAGE_DARK_THEME : undefined;
  return theme;
}
