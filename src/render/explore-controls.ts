import type { View } from 'vega';
import type { ExploreMeta, PriceScale, RangeToken } from '../core/explore';
import { Crosshair } from './crosshair';
import { domainOf, drawnBox, plotOf } from './explore-scene';
import { domainAt, windowOf } from './explore-navigator';
import {
  activeRange,
  noteWhole,
  openingToken,
  setDomain,
  showPair,
  showRange,
  visibleRanges,
  wholeRange,
  type Zoom,
} from './explore-range';
import { Replay, type KeptReplay, type ReplayState } from './explore-replay';
import { Pinch } from './explore-touch';

/** What the chart pane draws around an explorable chart (the range bar, the navigator). */
export interface ExploreState {
  /** The range buttons to show (none: no bar). */
  buttons: readonly RangeToken[];
  /** The button whose range is in view, if any. */
  active: RangeToken | undefined;
  /** The navigator under the chart, when the spec asks for one and the whole series is known. */
  navigator?: NavigatorState | undefined;
  /** The price scale of the units (of the first, where they differ). */
  priceScale: PriceScale;
  /** A replay's buttons, when a unit replays its series. */
  replay?: ReplayState | undefined;
}

/**
 * The x domain a unit showed when its view was taken down (null: the whole range), and the
 * range its spec asked for then: a chart drawn anew for an edit of its spec (a color, a scale
 * toggle) goes on showing it, unless the edit changed the range asked for.
 */
export type KeptZooms = Map<string, { domain: [number, number] | null; range: ExploreMeta['range'] }> & {
  /** Where the replay was (its param is the spec's, so a chart drawn anew goes on from there). */
  replay?: KeptReplay;
};

const keyOf = (meta: ExploreMeta) => `${meta.unit} ${meta.mark} ${meta.fields.x}`;

/**
 * What the one unit of the view before showed, when the view now has one unit of the same mark
 * and x at another place in the text: a unit made a layer (the first drawing on a lone
 * candlestick does that) goes on showing its range.
 */
function keptElsewhere(kept: KeptZooms | undefined, zooms: readonly Zoom[]) {
  if (kept?.size !== 1 || zooms.length !== 1) return undefined;
  const [key, value] = [...kept.entries()][0]!;
  const { meta } = zooms[0]!;
  return key.endsWith(` ${meta.mark} ${meta.fields.x}`) ? value : undefined;
}

export interface NavigatorState {
  /** The whole series, an SVG path in `OVERVIEW_BOX`. */
  path: string;
  /** The range in view as fractions of the whole range. */
  window: [number, number];
  /** Where the plot is across the chart pane (px from the pane's left, and its width): the navigator lines up with it. */
  left: number;
  width: number;
  /** The first and last dates in view, as words (for the window's accessible value). */
  label: string;
}

/**
 * What the page adds to a chart whose time axis can be explored, beyond Vega-Lite's wheel and
 * drag (core/explore.ts says what a spec asks for): the crosshair and readout, pinch zoom, the
 * range a spec opens on, the range buttons and the range in view to write back into the spec.
 * One per view on screen; the chart session makes it with the view and drops it with it.
 */
export class ExploreControls {
  private readonly crosshair: Crosshair | undefined;
  private readonly pinch: Pinch | undefined;
  private readonly replaying: Replay | undefined;
  private state: ExploreState;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private gone = false;
  /** A navigator window asked for while the view runs for the one before. */
  private wanted: [number, number] | undefined;
  private moving: Promise<void> | undefined;
  private frame = 0;

  constructor(
    private readonly el: HTMLElement,
    private readonly view: View,
    private readonly zooms: Zoom[],
    /** Says the state changed (the chart pane draws the buttons again). */
    private readonly changed: () => void,
  ) {
    const metas = zooms.map((z) => z.meta);
    const buttons = [...new Set(metas.flatMap((m) => (m.fields.temporal ? m.buttons : [])))];
    this.state = { buttons, active: undefined, priceScale: metas[0]?.priceScale ?? 'linear' };
    this.crosshair =
      metas.some((m) => m.crosshair) && typeof document !== 'undefined' ? new Crosshair(el, view, metas) : undefined;
    this.pinch = zooms.length && typeof window !== 'undefined' ? new Pinch(el, view, zooms) : undefined;
    const replays = metas.flatMap((m) => (m.replay ? [m.replay] : []));
    this.replaying = replays.length
      ? new Replay(
          view,
          replays,
          () => this.rowsChanged(),
          () => {
            this.state = { ...this.state, replay: this.replaying!.state };
            changed();
          },
        )
      : undefined;
    if (this.replaying) this.state.replay = this.replaying.state;
    for (const z of zooms) {
      // Nothing zoomed yet: the domain is the whole range.
      if (!z.whole && !view.signal(z.signal)) noteWhole(view, z);
      view.addSignalListener(z.signal, this.onZoom);
    }
  }

  /** The buttons and which one is in view. */
  get snapshot(): ExploreState {
    return this.state;
  }

  /**
   * Opens on the range the spec asks for: a token needs the last bar; a pair is the zoom's first
   * value in the Vega-Lite already, widened here to show its first and last bars whole. Then says
   * which button that is.
   */
  async open(kept?: KeptZooms): Promise<void> {
    // The replay first: the range kept is one of the bars it had shown.
    if (kept?.replay?.added && this.replaying) {
      await this.replaying.restore(kept.replay.added);
      // Measured when the view was made, before those bars were shown.
      for (const z of this.zooms) z.whole = undefined;
    }
    for (const z of this.zooms) {
      const before = kept?.get(keyOf(z.meta)) ?? keptElsewhere(kept, this.zooms);
      if (before && JSON.stringify(before.range) === JSON.stringify(z.meta.range)) {
        if (await this.restore(z, before.domain)) continue;
      }
      const token = openingToken(z.meta);
      if (token) await showRange(this.view, [z], token);
      else if (Array.isArray(z.meta.range)) await showPair(this.view, z, z.meta.range);
    }
    if (this.zooms.some((z) => z.meta.navigator)) {
      for (const z of this.zooms) await wholeRange(this.view, z);
      this.placeNavigator();
    }
    await this.findActive();
    this.replaying?.start(kept?.replay?.playing);
  }

  /** Plays, pauses or starts the replay again. */
  replay(action: 'play' | 'pause' | 'restart'): void {
    if (action === 'play') this.replaying?.play();
    else if (action === 'pause') this.replaying?.pause();
    else void this.replaying?.restart();
  }

  /**
   * Shows a domain the unit showed before it was drawn anew, if it lies within the whole range
   * now (a text about other data is shown as it asks); whether it did.
   */
  private async restore(z: Zoom, domain: [number, number] | null): Promise<boolean> {
    const whole = await wholeRange(this.view, z);
    if (domain === null) {
      setDomain(this.view, z, null);
    } else {
      const slack = (whole[1] - whole[0]) * 0.01;
      if (!(domain[0] >= whole[0] - slack && domain[1] <= whole[1] + slack && domain[1] > domain[0])) return false;
      setDomain(this.view, z, domain);
    }
    await this.view.runAsync();
    return true;
  }

  /** What each unit shows now, for the view drawn next (see `KeptZooms`). */
  kept(): KeptZooms {
    const out: KeptZooms = new Map();
    if (this.replaying) out.replay = this.replaying.kept();
    for (const z of this.zooms) {
      const zoomed = !!this.view.signal(z.signal);
      out.set(keyOf(z.meta), { domain: zoomed ? domainOf(this.view, z.meta.scales.x) : null, range: z.meta.range });
    }
    return out;
  }

  /** Shows the range a navigator's window covers (fractions of the whole range); runs coalesce. */
  setWindow(window: [number, number]): void {
    this.wanted = window;
    if (this.moving) return;
    this.moving = (async () => {
      while (this.wanted && !this.gone) {
        const [f0, f1] = this.wanted;
        this.wanted = undefined;
        for (const z of this.zooms) {
          if (!z.whole) continue;
          const all = f0 <= 0 && f1 >= 1;
          const domain = domainAt([f0, f1], z.whole);
          setDomain(this.view, z, all ? null : domain);
        }
        await this.view.runAsync();
      }
    })().finally(() => (this.moving = undefined));
  }

  /** Shows a range button's range. */
  async show(token: RangeToken): Promise<void> {
    await showRange(this.view, this.zooms, token);
    this.setActive(token);
  }

  /** Each unit's range in view, as the spec writes it. */
  ranges() {
    return visibleRanges(this.view, this.zooms);
  }

  /**
   * The rows changed (a patch: a typed bar, a live one): the whole range and the overview are
   * measured again, the zoom stays, and a zoomed chart that showed the newest bar moves on to
   * keep showing it (it follows the series, as trading tools do), at the same span. Whether the
   * whole range of any unit grew.
   */
  async rowsChanged(): Promise<boolean> {
    let grew = false;
    for (const z of this.zooms) {
      const before = z.whole;
      z.whole = undefined;
      const zoomed = this.view.signal(z.signal) as unknown;
      if (!zoomed || !before) {
        const whole = zoomed ? undefined : noteWhole(this.view, z);
        if (whole && before && whole[1] > before[1]) grew = true;
        continue;
      }
      const [a, b] = domainOf(this.view, z.meta.scales.x);
      const following = b >= before[1] - (before[1] - before[0]) * 1e-6;
      const whole = await wholeRange(this.view, z);
      const by = whole[1] - before[1];
      if (by > 0) grew = true;
      if (following && by !== 0) {
        const domain = [a + by, b + by];
        setDomain(this.view, z, domain);
        await this.view.runAsync();
      }
    }
    if (this.state.navigator) this.placeNavigator();
    this.crosshair?.refresh();
    return grew;
  }

  /** The view was sized anew (the pane changed size, a bar beside it came): the navigator lines up with the plot again. */
  resized(): void {
    if (this.state.navigator) this.placeNavigator();
    this.crosshair?.refresh();
  }

  /** Shift+← / Shift+→ step the crosshair, Escape hides it; whether the key was taken. */
  key(e: KeyboardEvent): boolean {
    if (!this.crosshair) return false;
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      this.crosshair.step(e.key === 'ArrowLeft' ? -1 : 1);
      return true;
    }
    if (e.key === 'Escape') {
      this.crosshair.clear();
      return false; // Escape may mean more to the page
    }
    return false;
  }

  destroy(): void {
    this.gone = true;
    clearTimeout(this.timer);
    if (typeof cancelAnimationFrame !== 'undefined') cancelAnimationFrame(this.frame);
    for (const z of this.zooms) this.view.removeSignalListener(z.signal, this.onZoom);
    this.crosshair?.destroy();
    this.pinch?.destroy();
    this.replaying?.destroy();
  }

  private readonly onZoom = (): void => {
    this.crosshair?.refresh();
    if (this.state.navigator && !this.frame && typeof requestAnimationFrame === 'function')
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.placeNavigator();
      });
    // Which button is in view, once the wheel or the drag rests.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.findActive(), 120);
  };

  /** The navigator for the range in view, lined up with the plot of the first unit that asks for one. */
  private placeNavigator(): void {
    const zoom = this.zooms.find((z) => z.meta.navigator);
    const plot = zoom && plotOf(this.view, zoom.meta);
    if (this.gone || !zoom?.whole || !zoom.overview || !plot) return;
    const domain = domainOf(this.view, zoom.meta.scales.x);
    // (Where the page is not a browser's, as in tests in Node, there is nothing to line up with.)
    const drawn = drawnBox(this.view);
    const pane = this.el.closest?.('.chart-pane')?.getBoundingClientRect();
    const left = drawn && pane ? drawn.left - pane.left + plot.x : plot.x;
    const [a, b] = visibleRanges(this.view, [zoom])[0]!.range;
    this.state = {
      ...this.state,
      navigator: {
        path: zoom.overview,
        window: windowOf(domain, zoom.whole),
        left,
        width: plot.width,
        label: `${a} to ${b}`,
      },
    };
    this.changed();
  }

  private async findActive(): Promise<void> {
    if (this.gone || !this.state.buttons.length) return;
    // Known before it is asked for: measuring it would run the view twice.
    if (this.zooms.some((z) => !z.whole && this.view.signal(z.signal))) {
      for (const z of this.zooms) await wholeRange(this.view, z);
    }
    this.setActive(await activeRange(this.view, this.zooms, this.state.buttons));
  }

  private setActive(active: RangeToken | undefined): void {
    if (this.gone || active === this.state.active) return;
    this.state = { ...this.state, active };
    this.changed();
  }
}
