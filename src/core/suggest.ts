/** Edit distance (insert, delete, substitute, swap of neighbours) between two short words. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) =>
    Array.from({ length: n + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[m]![n]!;
}

/** Whether `short` is `long` with letters left out, keeping the first one (`avg` in `average`). */
function isAbbreviation(short: string, long: string): boolean {
  if (short.length < 3 || short.length >= long.length || short[0] !== long[0]) return false;
  let j = 0;
  for (const ch of long) if (ch === short[j]) j++;
  return j === short.length;
}

/**
 * The candidate the user most likely meant, if one is close enough to be a typo (case is
 * ignored), or else one the input abbreviates (`avg` → `average`, the shortest such).
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  // One letter off a one- or two-letter word is a guess, unless the word is the start of it ("ba" → "bar").
  const limit = Math.max(1, Math.floor(input.length / 3));
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    // The distance is at least the difference in length: a word that differs by more than the
    // limit cannot be the answer, and measuring it costs length × length (a pasted 10,000-letter
    // key against every property name took seconds).
    const cl = c.toLowerCase();
    if (Math.abs(cl.length - lower.length) > limit) continue;
    const dist = editDistance(lower, cl);
    if (dist < bestD) {
      bestD = dist;
      best = c;
    }
  }
  if (best !== undefined && bestD <= limit && (input.length > 2 || bestD === 0 || best.toLowerCase().startsWith(lower)))
    return best;
  let abbreviated: string | undefined;
  for (const c of candidates) {
    if (isAbbreviation(lower, c.toLowerCase()) && (abbreviated === undefined || c.length < abbreviated.length))
      abbreviated = c;
  }
  return abbreviated;
}

/** `"a", "b" or "c"` */
export function listWords(words: readonly string[]): string {
  const q = words.map((w) => `"${w}"`);
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
