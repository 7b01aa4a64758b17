import { compressToEncodedURIComponent } from 'lz-string';
import type { Spec as VegaSpec } from 'vega';
import { normalizedExampleText } from '../core/examples';
import { exploresOf } from '../core/explore';
import type { JsonObject } from '../core/json';
import type { Language } from '../core/language';
import { parseDocument } from '../core/parse';
import { withTheme } from '../core/theme';
import { VEGA_SCHEMA } from '../io/share';
import { chartThemes } from '../workers/themes';

/** The Vega Editor's address; a link carries the spec after `#/url/<mode>/` (see io/share.ts). */
export const VEGA_EDITOR = 'https://vega.github.io/editor/';

/**
 * The config of a chart theme by name, from vega-themes (loaded here, when an export first needs
 * it: the page itself only holds the themes in its pipeline worker). None for no theme.
 */
async function themeConfig(theme: string | undefined): Promise<JsonObject | undefined> {
  if (!theme) return undefined;
  const themes = chartThemes(await import('vega-themes'));
  const config = themes[theme];
  if (!config) throw new Error(`There is no chart theme called “${theme}”`);
  return config as JsonObject;
}

/**
 * Standard Vega-Lite of a text: extension marks expanded, Vega-Lite's `$schema`, and the chart
 * theme's config under the spec's own (what the spec sets wins, as in the page), so the file
 * looks in any Vega tool as the chart looks here.
 */
export async function standardVegaLite(text: string, theme?: string): Promise<string> {
  const plain = normalizedExampleText(text);
  const config = await themeConfig(theme);
  if (!config) return plain;
  return JSON.stringify(withTheme(JSON.parse(plain), config), null, 2) + '\n';
}

/**
 * The Vega of the chart on screen, as the Vega and HTML exports hold it. The page compiles a
 * financial chart without the crosshair Vega-Lite would draw (the page draws its own over the
 * chart: core/marks/financial-crosshair.ts says why), so a chart with a crosshair is compiled
 * again from its text for export, with the page's own options (sized to its pane, described, in
 * its chart theme): the same Vega plus the crosshair. Any other chart's Vega is the page's. The
 * compiler is loaded here, on such an export, not with the page (it lives in the page's worker).
 */
export async function exportedVega(source: {
  vega: VegaSpec;
  text?: string | undefined;
  language: Language;
  theme?: string | undefined;
}): Promise<VegaSpec> {
  const { vega, text, language, theme } = source;
  if (language === 'vega' || text === undefined || !exploresOf(vega).some((m) => m.crosshair)) return vega;
  const [{ runPipeline }, config] = await Promise.all([import('../core/pipeline'), themeConfig(theme)]);
  const result = runPipeline(text, {
    fit: true,
    describe: true,
    target: 'export',
    ...(config ? { theme: config } : {}),
  });
  // The text drew the chart on screen, so it compiles; if it somehow does not, the page's Vega is
  // still the chart, without the crosshair.
  return result.vega ?? vega;
}

/** A Vega spec's text in the chart theme: untouched without one, else with the theme's config under its own. */
async function themedVega(text: string, theme?: string): Promise<string> {
  const config = await themeConfig(theme);
  if (!config) return text;
  const doc = parseDocument(text);
  if (!doc.ok) throw new Error('the spec could not be read');
  const themed = withTheme(doc.value, config) as JsonObject;
  return JSON.stringify({ $schema: VEGA_SCHEMA, ...themed }, null, 2) + '\n';
}

/**
 * The Vega Editor link of a text: `#/url/vega-lite/<lz-string>` of its standard Vega-Lite, or
 * `#/url/vega/…` of a Vega spec, the editor's own link format (which src/io/share.ts reads back).
 */
export async function vegaEditorUrl(text: string, language: Language, theme?: string): Promise<string> {
  const spec = language === 'vega' ? await themedVega(text, theme) : await standardVegaLite(text, theme);
  return `${VEGA_EDITOR}#/url/${language === 'vega' ? 'vega' : 'vega-lite'}/${compressToEncodedURIComponent(spec)}`;
}
