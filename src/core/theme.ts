import { mergeConfig } from 'vega-util';
import { isObject, type JsonObject } from './json';

/**
 * A spec drawn in a chart theme (a vega-themes config, e.g. `dark`): the theme is the config
 * under the spec's own, so what the spec sets wins. Vega-Lite specs take it before they are
 * compiled (a theme's mark colors end up in the marks); Vega specs take it as their config.
 */
export function withTheme(spec: unknown, theme: JsonObject | undefined): unknown {
  if (!theme || !isObject(spec)) return spec;
  const own = isObject(spec['config']) ? spec['config'] : {};
  return { ...spec, config: mergeConfig({}, theme, own) };
}
