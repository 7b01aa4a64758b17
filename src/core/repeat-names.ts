/**
 * Repeated views Vega-Lite would give one name. It names each view of a `repeat` after its value,
 * every character outside [A-Za-z0-9_] made "_" (a leading digit gets "_" before it), so the
 * fields "Sales ($)" and "Sales (€)" name two views alike: Vega gives their scales one name and
 * will not draw them, and in a layered repeat Vega-Lite renames the views' signals into each
 * other and compiling never finishes (found by fuzzing: a string of emoji where the column list
 * belongs). Checked before compiling, for every
 * repeat in the spec: one axis at a time (`row`, `column`, `layer` or the list), a string there
 * taken a character at a time, as Vega-Lite iterates it.
 */

export interface RepeatNameClash {
  /** JSON pointer of the repeat's list. */
  path: string;
  values: [string, string];
  name: string;
}

/** The name Vega-Lite gives a view repeated for `value`. */
const viewName = (value: string) => (/^\d/.test(value) ? '_' : '') + value.replace(/\W/g, '_');

const pointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Two distinct values of one list with the same name, if there are. */
function clashIn(list: unknown, path: string): RepeatNameClash | undefined {
  const values = Array.isArray(list) ? list : typeof list === 'string' ? [...list] : [];
  const byName = new Map<string, string>();
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const name = viewName(value);
    const before = byName.get(name);
    if (before !== undefined && before !== value) return { path, values: [before, value], name };
    byName.set(name, value);
  }
  return undefined;
}

/** The first clash of names among the spec's repeated views. Iterative: specs nest deep. */
export function repeatNameClash(spec: unknown): RepeatNameClash | undefined {
  const stack: [unknown, string][] = [[spec, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((child, i) => stack.push([child, `${path}/${i}`]));
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const entries = Object.entries(node);
    const repeat = (node as Record<string, unknown>)['repeat'];
    if (repeat !== undefined && 'spec' in node) {
      const at = `${path}/repeat`;
      const clash = Array.isArray(repeat)
        ? clashIn(repeat, at)
        : repeat && typeof repeat === 'object'
          ? ['row', 'column', 'layer']
              .map((axis) => clashIn((repeat as Record<string, unknown>)[axis], `${at}/${axis}`))
              .find((c) => c)
          : undefined;
      if (clash) return clash;
    }
    for (const [k, child] of entries) {
      // Data rows are carried, not read as views.
      if (k === 'values' && Array.isArray(child)) continue;
      if (child && typeof child === 'object') stack.push([child, `${path}/${pointer(k)}`]);
    }
  }
  return undefined;
}
