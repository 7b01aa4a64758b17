import type { Spec as VegaSpec, View } from 'vega';
import { exploresOf, type ExploreMeta, type RangeToken } from '../core/explore';
import { Crosshair } from './crosshair';
import { domainOf } from './explore-scene';
import {
  activeRange,
  openingToken,
  showPair,
  showRange,
  visibleRanges,
  wholeRange,
  zoomsOf,
  type Zoom,
} from './explore-range';
import { Pinch } from './explore-touch';

/**
 * What the page adds to a chart whose time axis can be explored, beyond Vega-Lite's wheel and
 * drag (core/explore.ts says what a spec asks for): the crosshair and readout, pinch zoom, the
 * range a spec opens on, the range buttons and the range in view to write back into the spec.
 * One per view on screen; the chart session makes it with the view and drops it with it.
 */
export interface ExploreState {
  /** The range buttons to show (none: no bar). */
  buttons: readonly RangeToken[];
  /** The button whose range is in view, if any. */
  active: RangeToken | undefined;
}

/** The explorable units a drawn spec declares, and the signals of their zooms in the spec drawn. */
export function exploreSetup(target: VegaSpec, drawn: VegaSpec): { metas: ExploreMeta[]; zooms: Zoom[] } {
  const metas = exploresOf(target);
  return { metas, zooms: metas.length ? zoomsOf(drawn, metas) : [] };
}

export class ExploreControls {
  private readonly crosshair: Crosshair | undefined;
  private readonly pinch: Pinch | undefined;
  private state: ExploreState;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private gone = false;

  constructor(
    private readonly el: HTMLElement,
    private readonly view: View,
    private readonly zooms: Zoom[],
    /** Says the state changed (the chart pane draws the buttons again). */
    private readonly changed: () => void,
  ) {
    const metas = zooms.map((z) => z.meta);
    const buttons = [...new Set(metas.flatMap((m) => (m.fields.temporal ? m.buttons : [])))];
    this.state = { buttons, active: undefined };
    this.crosshair =
      metas.some((m) => m.crosshair) && typeof document !== 'undefined' ? new Crosshair(el, view, metas) : undefined;
    this.pinch = zooms.length && typeof window !== 'undefined' ? new Pinch(el, view, zooms) : undefined;
    for (const z of zooms) {
      // Nothing zoomed yet: the domain is the whole range.
      if (!z.whole && !view.signal(z.signal)) z.whole = domainOf(view, z.meta.scales.x);
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
  async open(): Promise<void> {
    for (const z of this.zooms) {
      const token = openingToken(z.meta);
      if (token) await showRange(this.view, [z], token);
      else if (Array.isArray(z.meta.range)) await showPair(this.view, z, z.meta.range);
    }
    await this.findActive();
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

  /** New rows may widen the whole range (Home, End and the buttons measure from it). */
  rowsChanged(): void {
    for (const z of this.zooms) z.whole = undefined;
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
    for (const z of this.zooms) this.view.removeSignalListener(z.signal, this.onZoom);
    this.crosshair?.destroy();
    this.pinch?.destroy();
  }

  private readonly onZoom = (): void => {
    this.crosshair?.refresh();
    // Which button is in view, once the wheel or the drag rests.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.findActive(), 120);
  };

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
