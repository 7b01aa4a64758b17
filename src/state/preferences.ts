import { loadPreferences, readPreferences, savePreferences, type Preferences } from '../io/preferences';
import { Store } from './store';

/** The page's preferences: changed by the user, stored at once, read at the next start. */
export class PreferencesStore extends Store<Preferences> {
  constructor(initial: Preferences = loadPreferences()) {
    super(initial);
  }

  /** The editor's share of the workspace. */
  setSplit(split: number): void {
    this.update({ ...this.get(), split });
  }

  setColorScheme(colorScheme: Preferences['colorScheme']): void {
    this.update({ ...this.get(), colorScheme });
  }

  setChartTheme(chartTheme: Preferences['chartTheme']): void {
    this.update({ ...this.get(), chartTheme });
  }

  /** SVG, canvas, or as the page chooses: the chart on screen is drawn again at once. */
  setRenderer(renderer: Preferences['renderer']): void {
    this.update({ ...this.get(), renderer });
  }

  setChartTab(chartTab: Preferences['chartTab']): void {
    this.update({ ...this.get(), chartTab });
  }

  setEditor(patch: Partial<Preferences['editor']>): void {
    this.update({ ...this.get(), editor: { ...this.get().editor, ...patch } });
  }

  /** Every change goes through the same checks as stored values (a split in range, a font size in range). */
  private update(next: Preferences): void {
    const checked = readPreferences(next);
    const now = this.get();
    if (JSON.stringify(checked) === JSON.stringify(now)) return;
    this.set(checked);
    savePreferences(checked);
  }
}

/** The chart themes a user can choose (for the View menu). */
export { CHART_THEMES } from '../io/preferences';
