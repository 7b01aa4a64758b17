import type { View } from 'vega';
import type { ReplayMeta } from '../core/explore';

/** What the chart pane shows of a replay: whether it plays, and whether it reached the last bar. */
export interface ReplayState {
  playing: boolean;
  ended: boolean;
}

/** Where a replay was when its view was taken down, for the view drawn next. */
export interface KeptReplay {
  added: number;
  playing: boolean;
}

/**
 * A replay on screen (core/explore.ts `ReplayMeta`): every `1000 / speed` ms one more held-back
 * bar is shown by raising the spec's param, the way a live bar arrives — the dataflow runs for
 * it, nothing is drawn anew — and `grew` lets the zoom follow it. It stops by itself at the last
 * bar (a step that adds nothing). The units of a chart replay together, at the first one's speed.
 */
export class Replay {
  private added = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stepping: Promise<void> | undefined;
  private gone = false;
  state: ReplayState = { playing: false, ended: false };

  constructor(
    private readonly view: View,
    private readonly metas: readonly ReplayMeta[],
    /** The rows changed: follows the newest bar; whether the series grew. */
    private readonly grew: () => Promise<boolean>,
    /** Says the state changed (the bar draws its buttons again). */
    private readonly changed: () => void,
  ) {}

  /** Shows as many held-back bars as a view drawn before had shown. */
  async restore(added: number): Promise<void> {
    await this.show(added);
  }

  /**
   * Plays as the view drawn before did; a chart opened afresh plays from the start, unless the
   * reader asked for less motion (then Play starts it).
   */
  start(playing: boolean | undefined): void {
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (playing ?? !still) this.play();
  }

  kept(): KeptReplay {
    return { added: this.added, playing: this.state.playing };
  }

  play(): void {
    if (this.gone || this.state.playing) return;
    if (this.state.ended) void this.restart(true);
    else this.set({ playing: true, ended: false });
    this.schedule();
  }

  pause(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.set({ ...this.state, playing: false });
  }

  /** Back to the first bars; goes on playing if it was (or if asked). */
  async restart(play = this.state.playing): Promise<void> {
    clearTimeout(this.timer);
    await this.stepping;
    await this.show(0);
    await this.grew();
    this.set({ playing: play, ended: false });
    if (play) this.schedule();
  }

  destroy(): void {
    this.gone = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const every = 1000 / (this.metas[0]?.speed ?? 2);
    this.timer = setTimeout(() => {
      this.stepping = this.step()
        .catch((e: unknown) => {
          // A view taken down during a step (the text changed) has nothing more to show.
          if (!this.gone) throw e;
        })
        .finally(() => (this.stepping = undefined));
    }, every);
  }

  /** One more bar; the end when none came. */
  private async step(): Promise<void> {
    if (this.gone || !this.state.playing) return;
    await this.show(this.added + 1);
    if (this.gone) return;
    if (await this.grew()) {
      if (this.state.playing) this.schedule();
      return;
    }
    // Nothing was held back any more: the count stays at the last bar.
    await this.show(this.added - 1);
    this.set({ playing: false, ended: true });
  }

  private async show(added: number): Promise<void> {
    this.added = Math.max(0, added);
    for (const m of this.metas) this.view.signal(m.param, this.added);
    await this.view.runAsync();
  }

  private set(state: ReplayState): void {
    if (this.gone) return;
    this.state = state;
    this.changed();
  }
}
