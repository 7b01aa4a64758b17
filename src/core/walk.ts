import { MAX_DEPTH } from './limits';

/**
 * The one way the project walks a spec tree (or a compiled Vega spec, or a scene) recursively.
 *
 * A parsed text can nest up to MAX_DEPTH levels (the parser refuses deeper ones), so every walk
 * must reach that far: a walk that stops earlier leaves part of the tree unseen, and one that
 * has no bound at all can overflow the stack on a hostile value built in code. Each walk states
 * what one step does and what to answer past the limit; the depth is counted here, once.
 *
 * `step(node, next, ...args)` handles one node and calls `next(child, ...args)` for each child it
 * descends into; `tooDeep(node, ...args)` answers for a node below the limit (e.g. "leave it as
 * it is", or "assume the worst").
 */
export function boundedWalk<A extends unknown[], R>(
  step: (node: unknown, next: (child: unknown, ...args: A) => R, ...args: A) => R,
  tooDeep: (node: unknown, ...args: A) => R,
  limit: number = MAX_DEPTH,
): (root: unknown, ...args: A) => R {
  const go = (node: unknown, depth: number, args: A): R =>
    depth > limit ? tooDeep(node, ...args) : step(node, (child, ...more) => go(child, depth + 1, more), ...args);
  return (root, ...args) => go(root, 0, args);
}
