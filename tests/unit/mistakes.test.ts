import { beforeAll, describe, expect, it } from 'vitest';
import { createAjvValidator } from '../../src/core/ajv';
import { runPipeline } from '../../src/core/pipeline';
import { mergeProblems, type Problem, type ProblemSource } from '../../src/core/problem';
import type { Validator } from '../../src/core/validate';
import { validateDocument } from '../../src/core/validate';
import { lc, textOf } from './helpers';

/**
 * The mistakes people make when writing specs, each with the one error it must give: its
 * message, where it is underlined (line:column-line:column) and the text underlined. Every case
 * runs through the pipeline and the schema check joined as the app and the command line join
 * them (`mergeProblems`: a schema complaint at a place the pipeline already has an error for is
 * dropped), and the whole list of errors must be exactly the one expected.
 *
 * A few mistakes still get a second error from another stage (`extra`): vega-lite crashes on
 * some invalid specs, and the crash is not placed; a broken string or single quotes make the
 * JSON parser report the damage more than once. Those are listed as they are, so a fix there
 * shows up here.
 */

interface Expected {
  message: string | RegExp;
  /** `line:column-line:column` of the underlined text. */
  range: string;
  /** The underlined text itself. */
  at: string;
  source?: ProblemSource;
}

interface Mistake {
  name: string;
  text: string;
  error?: Expected;
  /** For a text with no error: its warning. */
  warning?: Expected;
  /** Errors another stage adds today (see above). */
  extra?: Array<{ source: ProblemSource; message: string | RegExp }>;
  /** The error is the only entry: no warning about the same mistake either. */
  only?: true;
}

const DATA = '  "data": {"values": [{"a": "A", "b": 28, "d": "2020-01-01"}]},';
/** A Vega-Lite spec: data on line 2, then `body`. */
const vl = (body: string) => `{\n${DATA}\n${body}\n}`;
/** A bar chart: `"x": <x>` on line 5, `"y"` on line 6, `extra` channels after it. */
const bar = (x: string, y = '{"field": "b", "type": "quantitative"}', extra = '') =>
  vl(`  "mark": "bar",\n  "encoding": {\n    "x": ${x},\n    "y": ${y}${extra}\n  }`);
/** A Vega spec: `$schema` on line 2, then `body`. */
const vg = (body: string) => `{\n  "$schema": "https://vega.github.io/schema/vega/v6.json",\n${body}\n}`;
const X = '{"field": "a", "type": "nominal"}';

const e = (message: string | RegExp, range: string, at: string, source: ProblemSource = 'schema'): Expected => ({
  message,
  range,
  at,
  source,
});
const vegaLiteCrash = (message: RegExp) => [{ source: 'compile' as const, message }];

const MISTAKES: Mistake[] = [
  // Marks: the mark stage reports them; the schema's complaint sits at the same place and is dropped.
  {
    name: 'misspelt mark',
    text: vl('  "mark": "barr"'),
    error: e('Unknown mark "barr". Did you mean "bar"?', '3:11-3:17', '"barr"', 'mark'),
  },
  {
    name: 'plural mark',
    text: vl('  "mark": "lines"'),
    error: e('Unknown mark "lines". Did you mean "line"?', '3:11-3:18', '"lines"', 'mark'),
  },
  {
    name: 'misspelt mark type in a mark object',
    text: vl('  "mark": {"type": "barr", "tooltip": true}'),
    error: e('Unknown mark "barr". Did you mean "bar"?', '3:20-3:26', '"barr"', 'mark'),
  },
  {
    name: 'misspelt composite mark',
    text: vl('  "mark": {"type": "boxplt"}'),
    error: e('Unknown mark "boxplt". Did you mean "boxplot"?', '3:20-3:28', '"boxplt"', 'mark'),
  },
  {
    name: 'no mark at all',
    text: vl('  "encoding": {}'),
    error: e('Missing required property "mark"', '1:1-1:2', '{'),
    // vega-lite's complaint quotes the whole spec, and is placed on a string it quotes.
    extra: vegaLiteCrash(/^Invalid specification .*Make sure the specification includes at least one of/),
  },

  // Channels.
  {
    name: 'misspelt channel',
    text: bar(X, undefined, ',\n    "colr": {"field": "a", "type": "nominal"}'),
    error: e('Unknown property "colr". Did you mean "color"?', '7:5-7:11', '"colr"'),
  },
  {
    name: 'British channel',
    text: bar(X, undefined, ',\n    "colour": {"field": "a", "type": "nominal"}'),
    error: e('Unknown property "colour". Did you mean "color"?', '7:5-7:13', '"colour"'),
  },
  {
    name: 'capitalised channel',
    text: vl('  "mark": "bar",\n  "encoding": {"X": {"field": "a", "type": "nominal"}}'),
    error: e('Unknown property "X". Did you mean "x"?', '4:16-4:19', '"X"'),
  },

  // Field definitions.
  {
    name: 'misspelt field',
    text: bar('{"feild": "a", "type": "nominal"}'),
    error: e('Unknown property "feild". Did you mean "field"?', '5:11-5:18', '"feild"'),
  },
  {
    name: 'swapped letters in type',
    text: bar('{"field": "a", "tpye": "nominal"}'),
    error: e('Unknown property "tpye". Did you mean "type"?', '5:25-5:31', '"tpye"'),
  },
  {
    name: 'misspelt property in a tooltip array',
    text: vl('  "mark": "bar",\n  "encoding": {"tooltip": [{"field": "a", "typ": "nominal"}]}'),
    error: e('Unknown property "typ". Did you mean "type"?', '4:43-4:48', '"typ"'),
  },
  {
    name: 'misspelt type in a datum layer',
    text: vl('  "layer": [\n    {"mark": "rule", "encoding": {"y": {"datum": 5, "tpye": "quantitative"}}}\n  ]'),
    error: e('Unknown property "tpye". Did you mean "type"?', '4:53-4:59', '"tpye"'),
  },

  // Encoding types.
  {
    name: 'misspelt nominal',
    text: bar('{"field": "a", "type": "nominl"}'),
    error: e('Unknown type "nominl". Did you mean "nominal"?', '5:33-5:41', '"nominl"'),
  },
  {
    name: 'misspelt quantitative',
    text: bar('{"field": "b", "type": "quantitive"}'),
    error: e('Unknown type "quantitive". Did you mean "quantitative"?', '5:33-5:45', '"quantitive"'),
  },
  {
    name: 'capitalised type',
    text: bar('{"field": "b", "type": "Quantitative"}'),
    error: e('Unknown type "Quantitative". Did you mean "quantitative"?', '5:33-5:47', '"Quantitative"'),
  },
  {
    name: 'misspelt type in a layer',
    text: vl('  "layer": [\n    {"mark": "bar", "encoding": {"x": {"field": "a", "type": "nominl"}}}\n  ]'),
    error: e('Unknown type "nominl". Did you mean "nominal"?', '4:62-4:70', '"nominl"'),
  },
  {
    name: 'misspelt type in a facet row',
    text: vl('  "facet": {"row": {"field": "a", "type": "nominl"}},\n  "spec": {"mark": "bar"}'),
    error: e('Unknown type "nominl". Did you mean "nominal"?', '3:43-3:51', '"nominl"'),
  },

  {
    name: 'misspelt type in a condition',
    text: vl(
      '  "params": [{"name": "p", "select": "point"}],\n  "mark": "point",\n  "encoding": {"color": {"condition": {"param": "p", "field": "a", "type": "nominl"}, "value": "grey"}}',
    ),
    error: e('Unknown type "nominl". Did you mean "nominal"?', '5:76-5:84', '"nominl"'),
  },
  {
    name: 'misspelt value in a condition',
    text: vl(
      '  "params": [{"name": "p", "select": "point"}],\n  "mark": "point",\n  "encoding": {"color": {"condition": {"param": "p", "valeu": "red"}, "value": "grey"}}',
    ),
    error: e('Unknown property "valeu". Did you mean "value"?', '5:54-5:61', '"valeu"'),
  },
  {
    name: 'misspelt date part in a datum',
    text: vl('  "mark": "rule",\n  "encoding": {"y": {"datum": {"year": 2020, "mnth": 1}}}'),
    error: e('Unknown property "mnth". Did you mean "month"?', '4:46-4:52', '"mnth"'),
  },

  // Time units, aggregates, sorts.
  {
    name: 'misspelt time unit',
    text: bar('{"field": "d", "type": "temporal", "timeUnit": "monht"}'),
    error: e('Unknown timeUnit "monht". Did you mean "month"?', '5:57-5:64', '"monht"'),
  },
  {
    name: 'misspelt compound time unit',
    text: bar('{"field": "d", "type": "temporal", "timeUnit": "yearmnth"}'),
    error: e('Unknown timeUnit "yearmnth". Did you mean "yearmonth"?', '5:57-5:67', '"yearmnth"'),
  },
  {
    name: 'misspelt time unit in a time unit object',
    text: bar('{"field": "d", "type": "temporal", "timeUnit": {"unit": "monht"}}'),
    error: e('Unknown unit "monht". Did you mean "month"?', '5:66-5:73', '"monht"'),
  },
  {
    name: 'abbreviated aggregate',
    text: bar(X, '{"field": "b", "type": "quantitative", "aggregate": "avg"}'),
    error: e('Unknown aggregate "avg". Did you mean "average"?', '6:62-6:67', '"avg"'),
  },
  {
    name: 'misspelt aggregate',
    text: bar(X, '{"field": "b", "type": "quantitative", "aggregate": "summ"}'),
    error: e('Unknown aggregate "summ". Did you mean "sum"?', '6:62-6:68', '"summ"'),
  },
  {
    name: 'abbreviated op in an aggregate transform',
    text: vl(
      '  "transform": [{"aggregate": [{"op": "avg", "field": "b", "as": "m"}], "groupby": ["a"]}],\n  "mark": "bar"',
    ),
    error: e('Unknown op "avg". Did you mean "average"?', '3:39-3:44', '"avg"'),
  },
  {
    name: 'misspelt window op',
    text: vl('  "transform": [{"window": [{"op": "rnk", "as": "r"}]}],\n  "mark": "bar"'),
    error: e('Unknown op "rnk". Did you mean "rank"?', '3:36-3:41', '"rnk"'),
  },
  {
    name: 'misspelt sort order',
    text: bar('{"field": "a", "type": "nominal", "sort": "ascendingg"}'),
    error: e('Unknown sort "ascendingg". Did you mean "ascending"?', '5:52-5:64', '"ascendingg"'),
  },
  {
    name: 'misspelt op in a sort object',
    text: bar('{"field": "a", "type": "nominal", "sort": {"field": "b", "op": "summ"}}'),
    error: e('Unknown op "summ". Did you mean "sum"?', '5:73-5:79', '"summ"'),
  },

  // Scales, axes, legends, resolve.
  {
    name: 'misspelt scale type',
    text: bar('{"field": "b", "type": "quantitative", "scale": {"type": "logg"}}'),
    error: e('Unknown scale type "logg". Did you mean "log"?', '5:67-5:73', '"logg"'),
  },
  {
    name: 'misspelt linear',
    text: bar('{"field": "b", "type": "quantitative", "scale": {"type": "linar"}}'),
    error: e('Unknown scale type "linar". Did you mean "linear"?', '5:67-5:74', '"linar"'),
  },
  {
    name: 'quoted boolean in a scale',
    text: bar('{"field": "b", "type": "quantitative", "scale": {"zero": "false"}}'),
    error: e('"zero" must be true or false, without quotes', '5:67-5:74', '"false"'),
  },
  {
    name: 'domain as a string',
    text: bar('{"field": "b", "type": "quantitative", "scale": {"domain": "0,100"}}'),
    error: e('"domain" must be an array, "unaggregated", an object or {"expr": …}', '5:69-5:76', '"0,100"'),
  },
  {
    name: 'misspelt label angle',
    text: bar('{"field": "a", "type": "nominal", "axis": {"labelAngel": 45}}'),
    error: e('Unknown property "labelAngel". Did you mean "labelAngle"?', '5:53-5:65', '"labelAngel"'),
  },
  {
    name: 'misspelt axis property',
    text: bar('{"field": "a", "type": "nominal", "axis": {"titel": "A"}}'),
    error: e('Unknown property "titel". Did you mean "title"?', '5:53-5:60', '"titel"'),
  },
  {
    name: 'quoted number in an axis',
    text: bar('{"field": "a", "type": "nominal", "axis": {"labelAngle": "45"}}'),
    error: e('"labelAngle" must be a number: write 45 without quotes', '5:67-5:71', '"45"'),
  },
  {
    name: 'quoted null for an axis',
    text: bar('{"field": "a", "type": "nominal", "axis": "null"}'),
    error: e('"axis" must be an object or null: write null without quotes', '5:52-5:58', '"null"'),
  },
  {
    name: 'misspelt legend orient',
    text: vl(
      '  "mark": "point",\n  "encoding": {"color": {"field": "a", "type": "nominal", "legend": {"orient": "botom"}}}',
    ),
    error: e('Unknown orient "botom". Did you mean "bottom"?', '4:80-4:87', '"botom"'),
  },
  {
    name: 'misspelt resolve',
    text: vl('  "layer": [{"mark": "bar"}],\n  "resolve": {"scale": {"color": "independant"}}'),
    error: e('Unknown value "independant" for "color". Did you mean "independent"?', '4:34-4:47', '"independant"'),
  },

  // Wrong value types.
  {
    name: 'width as a word',
    text: vl('  "mark": "bar",\n  "width": "wide"'),
    error: e('"width" must be a number, "container" or {"step": …}', '4:12-4:18', '"wide"'),
  },
  {
    name: 'quoted height',
    text: vl('  "mark": "bar",\n  "height": "200"'),
    error: e('"height" must be a number: write 200 without quotes', '4:13-4:18', '"200"'),
  },
  {
    name: 'quoted opacity',
    text: vl('  "mark": {"type": "bar", "opacity": "0.5"}'),
    error: e('"opacity" must be a number: write 0.5 without quotes', '3:38-3:43', '"0.5"'),
  },
  {
    name: 'opacity as a word',
    text: vl('  "mark": {"type": "bar", "opacity": "high"}'),
    error: e('"opacity" must be a number or {"expr": …}', '3:38-3:44', '"high"'),
  },
  {
    name: 'bin as yes',
    text: bar('{"field": "b", "type": "quantitative", "bin": "yes"}'),
    error: e('"bin" must be true, false, an object, "binned" or null', '5:56-5:61', '"yes"'),
  },
  {
    name: 'quoted bin',
    text: bar('{"field": "b", "type": "quantitative", "bin": "true"}'),
    error: e('"bin" must be true or false, without quotes', '5:56-5:62', '"true"'),
  },
  {
    name: 'quoted maxbins',
    text: bar('{"field": "b", "type": "quantitative", "bin": {"maxbins": "10"}}'),
    error: e('"maxbins" must be a number: write 10 without quotes', '5:68-5:72', '"10"'),
  },
  {
    name: 'stack as yes',
    text: bar(X, '{"field": "b", "type": "quantitative", "stack": "yes"}'),
    error: e('"stack" must be "zero", "center", "normalize", null, true or false', '6:58-6:63', '"yes"'),
  },
  {
    name: 'title as a number',
    text: vl('  "mark": "bar",\n  "title": 5'),
    error: e('"title" must be a string, an array or an object', '4:12-4:13', '5'),
  },
  {
    name: 'quoted padding',
    text: vl('  "mark": "bar",\n  "padding": "5"'),
    error: e('"padding" must be a number: write 5 without quotes', '4:14-4:17', '"5"'),
  },
  {
    name: 'size value as a word',
    text: vl('  "mark": "point",\n  "encoding": {"size": {"value": "big"}}'),
    error: e('"value" must be a number or {"expr": …}', '4:34-4:39', '"big"'),
  },
  {
    name: 'encoding as an array',
    text: vl('  "mark": "bar",\n  "encoding": []'),
    error: e('"encoding" must be an object', '4:15-4:17', '[]'),
  },
  {
    name: 'axis format as a number',
    text: bar('{"field": "a", "type": "nominal", "axis": {"format": 5}}'),
    error: e('"format" must be a string or an object', '5:63-5:64', '5'),
  },
  {
    name: 'fold "as" as a string',
    text: vl('  "transform": [{"fold": ["a", "b"], "as": "k"}],\n  "mark": "bar"'),
    error: e('"as" must be an array', '3:44-3:47', '"k"'),
  },
  {
    name: 'stroke dash as a string',
    text: vl('  "mark": {"type": "line", "strokeDash": "4 2"}'),
    error: e('"strokeDash" must be an array or {"expr": …}', '3:42-3:47', '"4 2"'),
  },

  // Misplaced properties.
  {
    name: 'scale at the top level',
    text: vl('  "mark": "bar",\n  "scale": {"type": "log"}'),
    error: e(
      '"scale" goes inside an encoding channel, e.g. "encoding": {"x": {"field": …, "scale": …}}',
      '4:3-4:10',
      '"scale"',
    ),
  },
  {
    name: 'axis directly under encoding',
    text: bar(X, undefined, ',\n    "axis": {"title": "A"}'),
    error: e('"axis" is not a channel: it goes inside one, e.g. "x": {"field": …, "axis": …}', '7:5-7:11', '"axis"'),
  },
  {
    name: 'field directly under encoding',
    text: vl('  "mark": "bar",\n  "encoding": {\n    "field": "a"\n  }'),
    error: e('"field" is not a channel: it goes inside one, e.g. "x": {"field": …}', '5:5-5:12', '"field"'),
  },
  {
    name: 'channel at the top level',
    text: vl('  "mark": "bar",\n  "x": {"field": "a", "type": "nominal"}'),
    error: e('"x" is a channel: it goes inside "encoding"', '4:3-4:6', '"x"'),
  },
  {
    name: 'color at the top level',
    text: vl('  "mark": "bar",\n  "color": "red"'),
    error: e(
      '"color" goes inside "encoding" (to show a field) or inside "mark" (one value for all marks)',
      '4:3-4:10',
      '"color"',
    ),
  },
  {
    name: 'British color at the top level',
    text: vl('  "mark": "bar",\n  "colour": "red"'),
    error: e('Unknown property "colour". Did you mean "color"? It goes inside "encoding"', '4:3-4:11', '"colour"'),
  },
  {
    name: 'mark property at the top level',
    text: vl('  "mark": "point",\n  "filled": true'),
    error: e(
      '"filled" is a mark property: it goes inside "mark", e.g. "mark": {"type": …, "filled": …}',
      '4:3-4:11',
      '"filled"',
    ),
  },
  {
    name: 'width of a concatenation',
    text: vl('  "width": 300,\n  "vconcat": [{"mark": "bar", "encoding": {"x": {"field": "a"}}}]'),
    error: e(
      '"width" is a view\'s size: give each view its own (inside "vconcat", "hconcat" or "concat" items, or "spec" of a facet or repeat)',
      '3:3-3:10',
      '"width"',
    ),
  },
  {
    name: 'mark beside layer',
    text: vl('  "mark": "bar",\n  "layer": [{"mark": "line"}]'),
    error: e(
      '"mark" does not go beside "layer": each layer has its own, e.g. "layer": [{"mark": …}, …]',
      '3:3-3:9',
      '"mark"',
    ),
  },
  {
    name: 'Vega-Lite 4 selection',
    text: vl('  "mark": "point",\n  "selection": {"brush": {"type": "interval"}}'),
    error: e(/^"selection" is Vega-Lite 4: since version 5 selections are "params"/, '4:3-4:14', '"selection"'),
  },

  // Other typos.
  {
    name: 'misspelt mark property',
    text: vl('  "mark": {"type": "bar", "colour": "red"}'),
    error: e('Unknown property "colour". Did you mean "color"?', '3:27-3:35', '"colour"'),
  },
  {
    name: 'misspelt interpolation',
    text: vl('  "mark": {"type": "line", "interpolate": "monotne"}'),
    error: e('Unknown interpolate "monotne". Did you mean "monotone"?', '3:43-3:52', '"monotne"'),
  },
  {
    name: 'misspelt "as"',
    text: vl('  "transform": [{"calculate": "datum.b * 2", "ass": "c"}],\n  "mark": "bar"'),
    error: e('Unknown property "ass". Did you mean "as"?', '3:46-3:51', '"ass"'),
  },
  {
    name: 'lower-case oneOf in a filter',
    text: vl('  "transform": [{"filter": {"field": "a", "oneof": ["A"]}}],\n  "mark": "bar"'),
    error: e('Unknown property "oneof". Did you mean "oneOf"?', '3:43-3:50', '"oneof"'),
  },
  {
    name: 'misspelt selection kind',
    text: vl('  "params": [{"name": "brush", "select": "intervall"}],\n  "mark": "bar"'),
    error: e('Unknown select "intervall". Did you mean "interval"?', '3:42-3:53', '"intervall"'),
  },
  {
    name: 'misspelt projection',
    text: vl('  "mark": "geoshape",\n  "projection": {"type": "albersUsa2"}'),
    error: e('Unknown projection type "albersUsa2". Did you mean "albersUsa"?', '4:26-4:38', '"albersUsa2"'),
  },
  {
    name: 'misspelt data format',
    text: '{\n  "data": {"url": "data/cars.json", "format": {"type": "jsn"}},\n  "mark": "point"\n}',
    error: e('Unknown format type "jsn". Did you mean "json"?', '2:56-2:61', '"jsn"'),
  },
  {
    name: 'value for values',
    text: '{\n  "data": {"value": [{"a": 1}]},\n  "mark": "point"\n}',
    error: e('Unknown property "value". Did you mean "values"?', '2:12-2:19', '"value"'),
  },
  {
    name: 'quoted number in config',
    text: vl('  "mark": "bar",\n  "config": {"axis": {"labelFontSize": "12"}}'),
    error: e('"labelFontSize" must be a number: write 12 without quotes', '4:40-4:44', '"12"'),
  },
  {
    name: 'misspelt config property',
    text: vl('  "mark": "bar",\n  "config": {"view": {"strok": null}}'),
    error: e('Unknown property "strok". Did you mean "stroke"?', '4:23-4:30', '"strok"'),
  },
  {
    name: 'misspelt autosize',
    text: vl('  "mark": "bar",\n  "autosize": "fitt"'),
    error: e('Unknown autosize "fitt". Did you mean "fit"?', '4:15-4:21', '"fitt"'),
  },
  {
    name: 'wrong case in a title property',
    text: vl('  "mark": "bar",\n  "title": {"text": "T", "fontsize": 20}'),
    error: e('Unknown property "fontsize". Did you mean "fontSize"?', '4:26-4:36', '"fontsize"'),
  },
  {
    name: 'misspelt tooltip content',
    text: vl('  "mark": {"type": "bar", "tooltip": {"content": "dta"}}'),
    error: e('Unknown value "dta" for "content". Did you mean "data"?', '3:50-3:55', '"dta"'),
  },
  {
    name: 'misspelt repeat reference',
    text: vl(
      '  "repeat": {"column": ["a", "b"]},\n  "spec": {"mark": "bar", "encoding": {"x": {"field": {"repeat": "colum"}, "type": "nominal"}}}',
    ),
    error: e('Unknown repeat "colum". Did you mean "column"?', '4:66-4:73', '"colum"'),
  },
  {
    name: 'misspelt property in a concat item',
    text: vl('  "hconcat": [{"mark": "bar", "encodng": {}}]'),
    error: e('Unknown property "encodng". Did you mean "encoding"?', '3:31-3:40', '"encodng"'),
  },

  // Extension marks: the schema names the mistake; what the mark says of its consequence is dropped.
  {
    name: 'misspelt price channel: the unknown key, not also the missing channel',
    text: vl(
      '  "mark": "candlestick",\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "clsoe": {"field": "b"}}',
    ),
    error: e('Unknown property "clsoe". Did you mean "close"?', '4:128-4:135', '"clsoe"'),
    only: true,
  },
  {
    name: 'candlestick zoom of the wrong kind: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "zoom": "yes"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"zoom" must be true or false', '3:43-3:48', '"yes"'),
    only: true,
  },
  {
    name: 'candlestick range as words: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "range": "6 months"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e(
      '"range" must be a span back from the last bar: a number and D, W, M or Y (such as "6M", "2W", "10D"), "YTD" or "All"',
      '3:44-3:54',
      '"6 months"',
    ),
    only: true,
  },
  {
    name: 'candlestick replay at no speed: one schema error at the speed',
    text: vl(
      '  "mark": {"type": "candlestick", "replay": {"speed": 0}},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"speed" must be greater than 0', '3:55-3:56', '0'),
    only: true,
  },
  {
    name: 'indicator period as text: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "indicators": [{"type": "rsi", "period": "14"}]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"period" must be a number: write 14 without quotes', '3:76-3:80', '"14"'),
    only: true,
  },
  {
    name: 'misspelt indicator: one schema error with the name meant',
    text: vl(
      '  "mark": {"type": "candlestick", "indicators": ["ema", "rsj"]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('Unknown value "rsj". Did you mean "rsi"?', '3:57-3:62', '"rsj"'),
    only: true,
  },
  {
    name: 'indicator period as text on a line: one schema error at the value',
    text: vl(
      '  "mark": {"type": "line", "indicators": [{"type": "rsi", "period": "14"}]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "b", "type": "quantitative"}}',
    ),
    error: e('"period" must be a number: write 14 without quotes', '3:69-3:73', '"14"'),
    only: true,
  },
  {
    name: 'misspelt indicator on a line: one schema error with the name meant',
    text: vl(
      '  "mark": {"type": "line", "indicators": ["ema", "rsj"]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "b", "type": "quantitative"}}',
    ),
    error: e('Unknown value "rsj". Did you mean "rsi"?', '3:50-3:55', '"rsj"'),
    only: true,
  },
  {
    name: 'indicator of highs and lows on a line: one warning at it, pointing to candlestick and ohlc',
    text: vl(
      '  "mark": {"type": "area", "indicators": ["ema", {"type": "atr", "period": 10}]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "b", "type": "quantitative"}}',
    ),
    warning: e(
      /^Average true range needs high and low prices, and an area has one price a row \(its y\): a candlestick or ohlc with "high" and "low" channels draws it/,
      '3:50-3:79',
      '{"type": "atr", "period": 10}',
      'mark',
    ),
  },
  {
    name: 'indicators on a bar: one warning at them',
    text: vl(
      '  "mark": {"type": "bar", "indicators": ["rsi"]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "b", "type": "quantitative"}}',
    ),
    warning: e(
      /^A "bar" mark takes no indicators: .* candlestick or ohlc: they are left out$/,
      '3:41-3:48',
      '["rsi"]',
      'mark',
    ),
  },
  {
    name: 'indicators on a line along a nominal x: one warning at them',
    text: vl(
      '  "mark": {"type": "line", "indicators": ["sma"]},\n  "encoding": {"x": {"field": "a", "type": "nominal"}, "y": {"field": "b", "type": "quantitative"}}',
    ),
    warning: e(
      /^Indicators read the line's rows in the order of its x, .* \(not "nominal"\)/,
      '3:42-3:49',
      '["sma"]',
      'mark',
    ),
  },
  {
    name: 'candlestick range of three dates: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "range": ["2024-01-01", "2024-02-01", "2024-03-01"]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"range" must have at most 2 items', '3:44-3:86', '["2024-01-01", "2024-02-01", "2024-03-01"]'),
    only: true,
  },
  {
    name: 'candlestick range button of an unknown span: one schema error at the button',
    text: vl(
      '  "mark": {"type": "candlestick", "rangeButtons": ["1M", "2X"]},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e(
      'Item 2 of "rangeButtons" must be a span back from the last bar: a number and D, W, M or Y (such as "6M", "2W", "10D"), "YTD" or "All"',
      '3:58-3:62',
      '"2X"',
    ),
    only: true,
  },
  {
    name: 'candlestick price axis on top: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "priceAxis": "top"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('Unknown value "top" for "priceAxis". Use "left" or "right"', '3:48-3:53', '"top"'),
    only: true,
  },
  {
    name: 'candlestick price scale misspelt: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "priceScale": "logarithmic"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e(
      'Unknown value "logarithmic" for "priceScale". Use "linear", "log" or "percent"',
      '3:49-3:62',
      '"logarithmic"',
    ),
    only: true,
  },
  {
    name: 'candlestick crosshair of the wrong kind: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "crosshair": "on"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"crosshair" must be true or false', '3:48-3:52', '"on"'),
    only: true,
  },
  {
    name: 'candlestick navigator of the wrong kind: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "navigator": "bottom"},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"navigator" must be true or false', '3:48-3:56', '"bottom"'),
    only: true,
  },
  {
    name: 'candlestick last price of the wrong kind: one schema error at the value',
    text: vl(
      '  "mark": {"type": "candlestick", "lastPrice": 1},\n  "encoding": {"x": {"field": "d", "type": "temporal"}, "open": {"field": "b"}, "high": {"field": "b"}, "low": {"field": "b"}, "close": {"field": "b"}}',
    ),
    error: e('"lastPrice" must be true or false', '3:48-3:49', '1'),
    only: true,
  },
  {
    name: 'gauge option of the wrong kind: the schema error, not also the default used',
    text: vl('  "mark": {"type": "gauge", "thickness": "thick"},\n  "encoding": {"value": {"field": "b"}}'),
    error: e('"thickness" must be a number', '3:42-3:49', '"thick"'),
    only: true,
  },

  // Raw Vega.
  {
    name: 'Vega: misspelt mark type',
    text: vg('  "marks": [{"type": "rectt"}]'),
    error: e('Unknown mark type "rectt". Did you mean "rect"?', '3:22-3:29', '"rectt"'),
  },
  {
    name: 'Vega: misspelt mark type in a group',
    text: vg('  "marks": [{"type": "group", "marks": [{"type": "symbl"}]}]'),
    error: e('Unknown mark type "symbl". Did you mean "symbol"?', '3:50-3:57', '"symbl"'),
  },
  {
    name: 'Vega: misspelt legend property',
    text: vg('  "legends": [{"fil": "c"}]'),
    error: e('Unknown property "fil". Did you mean "fill"?', '3:16-3:21', '"fil"'),
  },
  {
    name: 'Vega: misspelt encode',
    text: vg('  "marks": [{"type": "rect", "encod": {"enter": {}}}]'),
    error: e('Unknown property "encod". Did you mean "encode"?', '3:30-3:37', '"encod"'),
  },
  {
    name: 'Vega: misspelt field in a value reference',
    text: vg('  "marks": [{"type": "rect", "encode": {"enter": {"x": {"feild": "a"}}}}]'),
    error: e('Unknown property "feild". Did you mean "field"?', '3:57-3:64', '"feild"'),
  },
  {
    name: 'Vega: misspelt from.data',
    text: vg('  "marks": [{"type": "rect", "from": {"dta": "t"}}]'),
    error: e('Unknown property "dta". Did you mean "data"?', '3:39-3:44', '"dta"'),
  },
  {
    name: 'Vega: signal "on" not an array',
    text: vg('  "signals": [{"name": "s", "on": {"events": "click", "update": "1"}}]'),
    error: e('"on" must be an array', '3:35-3:69', '{"events": "click", "update": "1"}'),
  },
  {
    name: 'Vega: misspelt update in a signal handler',
    text: vg('  "signals": [{"name": "s", "value": 0, "on": [{"events": "click", "updat": "1"}]}]'),
    error: e('Unknown property "updat". Did you mean "update"?', '3:68-3:75', '"updat"'),
  },
  {
    name: 'Vega: signal handler without update',
    text: vg('  "signals": [{"name": "s", "value": 0, "on": [{"events": "click"}]}]'),
    error: e('Missing required property "encode" or "update"', '3:48-3:67', '{"events": "click"}'),
  },
  {
    name: 'Vega: misspelt scale type',
    text: vg('  "scales": [{"name": "x", "type": "lineer", "domain": [0, 1]}]'),
    error: e('Unknown scale type "lineer". Did you mean "linear"?', '3:36-3:44', '"lineer"'),
  },
  {
    name: 'Vega: misspelt transform type',
    text: vg('  "data": [{"name": "t", "values": [], "transform": [{"type": "filterr", "expr": "true"}]}]'),
    error: e('Unknown transform type "filterr". Did you mean "filter"?', '3:63-3:72', '"filterr"'),
  },
  {
    name: 'Vega: misspelt top-level property',
    text: vg('  "widht": 100'),
    error: e('Unknown property "widht". Did you mean "width"?', '3:3-3:10', '"widht"'),
  },
  {
    name: 'Vega: misspelt values',
    text: vg('  "data": [{"name": "t", "valeus": []}]'),
    error: e('Unknown property "valeus". Did you mean "values"?', '3:26-3:34', '"valeus"'),
  },
  {
    name: 'Vega: misspelt axis orient',
    text: vg('  "scales": [{"name": "x", "domain": [0, 1]}],\n  "axes": [{"scale": "x", "orient": "botom"}]'),
    error: e('Unknown orient "botom". Did you mean "bottom"?', '4:37-4:44', '"botom"'),
  },
  {
    name: 'Vega: width as a word',
    text: vg('  "width": "wide"'),
    error: e('"width" must be a number or {"signal": …}', '3:12-3:18', '"wide"'),
  },

  // Syntax.
  {
    name: 'missing comma',
    text: '{\n  "mark": "bar"\n  "data": {"values": []}\n}',
    error: e("Expected ',' before this", '3:3-3:9', '"data"', 'parse'),
  },
  {
    name: 'trailing garbage',
    text: '{\n  "mark": "bar",\n  "data": {"values": []}\n} x',
    error: e('Unexpected text after the end of the spec', '4:3-4:4', 'x', 'parse'),
  },
  {
    name: 'missing closing brace',
    text: '{\n  "mark": "bar",\n  "data": {"values": []}\n',
    error: e("Expected '}' to close the object", '4:1-4:1', '', 'parse'),
  },
  {
    name: 'unclosed string',
    text: '{\n  "mark": "bar,\n  "data": {"values": []}\n}',
    error: e("String is not closed: expected '\"'", '2:11-2:16', '"bar,', 'parse'),
  },
  {
    name: 'single quotes',
    text: '{\n  \'mark\': \'bar\',\n  "data": {"values": []}\n}',
    error: e('JSON needs double quotes: write "mark", not \'mark\'', '2:3-2:9', "'mark'", 'parse'),
  },
  {
    name: 'unquoted property name',
    text: '{\n  mark: "bar",\n  "data": {"values": []}\n}',
    error: e('Property names need double quotes: write "mark"', '2:3-2:7', 'mark', 'parse'),
  },
  {
    name: 'a comment is only a warning',
    text: '{\n  // a bar chart\n  "mark": "bar",\n  "data": {"values": []}\n}',
    warning: e(/^Comments are not standard JSON/, '2:3-2:17', '// a bar chart', 'parse'),
  },
];

/** The pipeline and the schema check, joined as the app and the command line join them. */
function check(text: string, validator: Validator): Problem[] {
  const result = runPipeline(text);
  const schema = result.doc.ok ? validateDocument(result.doc, result.language, validator) : [];
  return mergeProblems(result.problems, schema);
}

describe('mistakes corpus: one error per mistake, at its place, saying what to do', () => {
  let validator: Validator;
  beforeAll(() => {
    validator = createAjvValidator();
  });

  it('has the cases the brief asks for', () => {
    expect(MISTAKES.length).toBeGreaterThanOrEqual(40);
    expect(MISTAKES.filter((m) => m.name.startsWith('Vega:')).length).toBeGreaterThanOrEqual(5);
    expect(
      MISTAKES.filter((m) => m.error?.source === 'parse' || m.warning?.source === 'parse').length,
    ).toBeGreaterThanOrEqual(5);
    expect(new Set(MISTAKES.map((m) => m.name)).size).toBe(MISTAKES.length);
  });

  it.each(MISTAKES.map((m) => [m.name, m] as const))('%s', (_name, m) => {
    const problems = check(m.text, validator);
    const errors = problems.filter((p) => p.severity === 'error');
    const expected = m.error
      ? [m.error, ...(m.extra ?? []).map((x) => ({ ...x, range: expect.any(String), at: expect.any(String) }))]
      : [];
    const actual = errors.map((p) => ({
      source: p.source,
      message: p.message,
      range: lc(p.range),
      at: textOf(m.text, p.range),
    }));
    const wanted = expected.map((x) => ({
      source: x.source,
      message: typeof x.message === 'string' ? x.message : expect.stringMatching(x.message),
      range: x.range,
      at: x.at,
    }));
    // The list is in text order (an unplaced crash comes first): compare as a set of equal size.
    expect(actual).toHaveLength(wanted.length);
    expect(actual).toEqual(expect.arrayContaining(wanted));
    if (m.only) expect(problems).toHaveLength(1);
    if (m.warning) {
      expect(
        problems.map((p) => ({
          severity: p.severity,
          source: p.source,
          message: p.message,
          range: lc(p.range),
          at: textOf(m.text, p.range),
        })),
      ).toEqual([
        {
          severity: 'warning',
          source: m.warning.source,
          message: expect.stringMatching(m.warning.message),
          range: m.warning.range,
          at: m.warning.at,
        },
      ]);
    }
  });

  it('reports independent mistakes each, once', () => {
    const text = vl(
      '  "mark": {"type": "bar", "opacity": "0.5"},\n  "encoding": {"x": {"feild": "a", "type": "nominal"}},\n  "widht": 100',
    );
    const errors = check(text, validator).filter((p) => p.severity === 'error');
    expect(errors.map((p) => [p.message, lc(p.range), textOf(text, p.range)])).toEqual([
      ['"opacity" must be a number: write 0.5 without quotes', '3:38-3:43', '"0.5"'],
      ['Unknown property "feild". Did you mean "field"?', '4:22-4:29', '"feild"'],
      ['Unknown property "widht". Did you mean "width"?', '5:3-5:10', '"widht"'],
    ]);
  });

  it('gives the same problems as runPipeline with the validator (which merges the same way)', () => {
    for (const m of MISTAKES) {
      expect([m.name, runPipeline(m.text, { validator }).problems]).toEqual([m.name, check(m.text, validator)]);
    }
  });
});
