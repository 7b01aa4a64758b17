/**
 * The gauge's numbers: round tick steps and values, decimals of a format, and how numbers and
 * names are written into Vega expressions.
 */

/** Decimal places of a number as written (`2.5` → 1, `20` → 0, `1e-7` → 7). */
export function decimals(x: number): number {
  const s = Math.abs(x).toString();
  const exp = /e-(\d+)$/.exec(s);
  if (exp) return Number(exp[1]) + (s.split('e')[0]!.split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

/** Rounds away floating-point noise (0.1 * 3 → 0.3). */
export const tidy = (x: number) => +x.toPrecision(12);

/** A step near `raw` of 1, 2 or 5 times a power of ten, as d3's ticks choose. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const err = raw / power;
  return tidy(power * (err >= 7.07 ? 10 : err >= 3.16 ? 5 : err >= 1.41 ? 2 : 1));
}

/**
 * Tick values: with `step`, from `min` every `step`; with `count`, multiples of a nice step
 * (about `count` intervals, as d3's ticks). Minor ticks divide each major interval into
 * `minor + 1`, carried on past the first and last major tick to the range's ends.
 */
export function tickValues(min: number, max: number, opts: { count?: number; step?: number; minor?: number }) {
  const anchored = opts.step !== undefined;
  const step = opts.step ?? niceStep((max - min) / (opts.count ?? 5));
  const first = anchored ? min : Math.ceil(min / step - 1e-9) * step;
  const values: number[] = [];
  for (let i = 0; first + i * step <= max + step * 1e-9; i++) values.push(tidy(first + i * step));
  const minor: number[] = [];
  const n = opts.minor ?? 0;
  if (n > 0) {
    const m = step / (n + 1);
    for (let i = Math.ceil((min - first) / m - 1e-9); first + i * m <= max + m * 1e-9; i++) {
      if (i % (n + 1) !== 0) minor.push(tidy(first + i * m));
    }
  }
  return { values, minor, step };
}

/** Whether a d3 format writes a sign before positive numbers (`+`, `(`, or space). */
export function hasSign(format: string): boolean {
  return /^(?:.?[<>=^])?[+( ]/.test(format);
}

/** A string literal in a Vega expression. */
export const str = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `datum["a b"]`, or `datum.a` for plain names. */
export const field = (name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `datum.${name}` : `datum[${JSON.stringify(name)}]`;

/** Numbers written into expressions: at most 6 decimals, no float noise. */
export const num = (x: number) => String(+x.toFixed(6));

/** A scale whose numbers reach 100,000: its texts are written short (SI prefixes). */
export const big = (min: number, max: number) => Math.max(Math.abs(min), Math.abs(max)) >= 1e5;
