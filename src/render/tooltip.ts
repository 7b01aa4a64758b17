import { formatValue, Handler as TooltipHandler } from 'vega-tooltip';
import { tooltipValue } from './expression';
import { isSafeLink } from './loader';

/**
 * Vega-tooltip's formatter, with one change: a tooltip object's `image` is shown only when it is
 * an image the page may load (relative, http(s), data:image); a `javascript:` or other URL is
 * dropped. Text, titles and keys are HTML-escaped by vega-tooltip itself.
 */
export function formatTooltip(
  value: unknown,
  valueToHtml: (v: unknown) => string,
  maxDepth: number,
  baseURL: string,
): string {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'image' in value) {
    const image = (value as { image?: unknown }).image;
    if (!(
      typeof image === 'string' &&
      ((isSafeLink(image) && !/^mailto:/i.test(image.trim())) || /^data:image\//i.test(image.trim()))
    )) {
      const { image: _dropped, ...rest } = value as Record<string, unknown>;
      return formatValue(rest, valueToHtml, maxDepth, baseURL);
    }
  }
  return formatValue(value, valueToHtml, maxDepth, baseURL);
}

let tooltips: TooltipHandler | undefined;

/**
 * The tooltip handler of every chart: vega-tooltip's (one element for the page, made on the
 * first hover), given the tooltip value the expression evaluator deferred to this moment.
 */
export function showTooltip(handler: unknown, event: MouseEvent, item: unknown, value: unknown): void {
  tooltips ??= new TooltipHandler({ formatTooltip });
  tooltips.call(handler, event, item as Parameters<TooltipHandler['call']>[2], tooltipValue(value));
}
