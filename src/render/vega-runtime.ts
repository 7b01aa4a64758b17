/**
 * Vega as the page runs it, in one import for the layers above (the app's export, the command
 * line, the bench): the pieces live in files named for what they hold.
 */
export { createLoader, installCspSafeFormats, isSafeLink } from './loader';
export { setRuntimeSink } from './runtime-log';
export { formatTooltip, showTooltip } from './tooltip';
export {
  CANVAS_EMBED_OPTIONS,
  CANVAS_ITEMS,
  CANVAS_ROWS,
  EMBED_OPTIONS,
  embedOptionsFor,
  inlineRows,
  tooManyItemsForSvg,
} from './embed-options';
export { canvasSpec, drawnWithoutDescriptions, runtimeSpec, viewShows, withoutDescriptions } from './runtime-spec';
export { chartSvg } from './svg-export';
