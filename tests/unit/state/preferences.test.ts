import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, loadPreferences, readPreferences } from '../../../src/io/preferences';
import { PreferencesStore } from '../../../src/state/preferences';
import { installStorage, type MemoryStorage } from './harness';

let storage: MemoryStorage;
beforeEach(() => {
  storage = installStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('preferences', () => {
  it('start at their defaults, and a change is stored and read back at the next start', () => {
    const prefs = new PreferencesStore();
    expect(prefs.get()).toEqual(DEFAULT_PREFERENCES);
    prefs.setSplit(0.6);
    prefs.setEditor({ wordWrap: true, fontSize: 16 });
    const next = new PreferencesStore();
    expect(next.get()).toEqual({
      ...DEFAULT_PREFERENCES,
      split: 0.6,
      editor: { wordWrap: true, minimap: false, fontSize: 16 },
    });
    prefs.setColorScheme('dark');
    prefs.setChartTheme('excel');
    expect(new PreferencesStore().get()).toMatchObject({ colorScheme: 'dark', chartTheme: 'excel' });
  });

  it('keep values in range: the split between 15% and 85%, the text between 10 and 24 px', () => {
    const prefs = new PreferencesStore();
    prefs.setSplit(0.99);
    expect(prefs.get().split).toBe(0.85);
    prefs.setSplit(-1);
    expect(prefs.get().split).toBe(0.15);
    for (let i = 0; i < 30; i++) prefs.setEditor({ fontSize: prefs.get().editor.fontSize + 1 });
    expect(prefs.get().editor.fontSize).toBe(24);
  });

  it('tell listeners of a change only, and store nothing when nothing changed', () => {
    const prefs = new PreferencesStore();
    const heard = vi.fn();
    prefs.subscribe(heard);
    prefs.setSplit(DEFAULT_PREFERENCES.split);
    expect(heard).not.toHaveBeenCalled();
    expect(storage.items.size).toBe(0);
    prefs.setEditor({ minimap: true });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('read stored values of any shape without failing: a wrong one falls back to its default', () => {
    expect(readPreferences('nonsense')).toEqual(DEFAULT_PREFERENCES);
    const stored = {
      split: 'wide',
      colorScheme: 'purple',
      chartTheme: 'nope',
      editor: { wordWrap: 1, fontSize: 1e9, minimap: true },
    };
    expect(readPreferences(stored)).toEqual({
      ...DEFAULT_PREFERENCES,
      editor: { wordWrap: false, minimap: true, fontSize: 24 },
    });
    storage.setItem('chartspec:preferences', '{not json');
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('remember the renderer and the chart pane’s tab; unknown ones fall back to automatic and the chart', () => {
    const prefs = new PreferencesStore();
    expect(prefs.get()).toMatchObject({ renderer: 'auto', chartTab: 'chart' });
    prefs.setRenderer('canvas');
    prefs.setChartTab('data');
    expect(new PreferencesStore().get()).toMatchObject({ renderer: 'canvas', chartTab: 'data' });
    prefs.setRenderer('svg');
    prefs.setChartTab('compiled');
    expect(new PreferencesStore().get()).toMatchObject({ renderer: 'svg', chartTab: 'compiled' });
    expect(readPreferences({ renderer: 'webgl', chartTab: 'table' })).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences({ renderer: 'svg', chartTab: 'compiled' })).toEqual({
      ...DEFAULT_PREFERENCES,
      renderer: 'svg',
      chartTab: 'compiled',
    });
    // A value the type does not allow, from code, is checked as a stored one is.
    prefs.setRenderer('nope' as never);
    expect(prefs.get().renderer).toBe('auto');
  });

  it('a storage that refuses keeps them for the page', () => {
    installStorage(10);
    const prefs = new PreferencesStore();
    prefs.setSplit(0.5);
    expect(prefs.get().split).toBe(0.5);
  });
});
