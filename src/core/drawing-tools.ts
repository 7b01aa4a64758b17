/**
 * The drawing tools, by name: what the drawing bar shows (its own small module, so the bar does
 * not bring the code that turns a drawing into an annotation, which comes with the chart's tools).
 */
export const DRAWING_TOOLS = [
  'level',
  'event',
  'trend',
  'ray',
  'rect',
  'fibonacci',
  'channel',
  'callout',
  'note',
  'buy',
  'sell',
  'measure',
] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];
