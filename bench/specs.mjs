// The specs the bench measures with (shared by run.mjs and validate.mjs).

// The spec every app measurement opens (through a share link): a bar chart with inline data, so
// neither localStorage nor a data fetch is involved. The keystroke edits change the last digit
// of A's value (line EDIT_LINE, the number just before the closing `},`). It is also the
// "typical spec" of the validation figures.
export const SPEC = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "description": "Chartspec bench: a bar chart with inline data.",
  "data": {"values": [
    {"category": "A", "value": 28},
    {"category": "B", "value": 55},
    {"category": "C", "value": 43},
    {"category": "D", "value": 91},
    {"category": "E", "value": 81},
    {"category": "F", "value": 53},
    {"category": "G", "value": 19},
    {"category": "H", "value": 87}
  ]},
  "mark": {"type": "bar", "color": "#4c78a8"},
  "encoding": {
    "x": {"field": "category", "type": "nominal"},
    "y": {"field": "value", "type": "quantitative"}
  }
}
`;
export const EDIT_LINE = 5; // 1-based: `    {"category": "A", "value": 28},`
export const EDIT_TENS = 2; // A's value is 2x; the edits type x

/**
 * A line chart with `n` inline rows (date, series, value: the shape of a typical exported table),
 * deterministic. rowsSpec(10000) is the "10k-row inline spec" (≈ 0.6 MB of text).
 */
export function rowsSpec(n) {
  const rows = [];
  const day0 = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    const date = new Date(day0 + Math.floor(i / 4) * 86400000).toISOString().slice(0, 10);
    const value = Math.round((50 + 40 * Math.sin(i / 37) + ((i * 7919) % 101) / 10) * 100) / 100;
    rows.push(`    {"date": "${date}", "series": "${'ABCD'[i % 4]}", "value": ${value}}`);
  }
  return `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "data": {"values": [
${rows.join(',\n')}
  ]},
  "mark": "line",
  "encoding": {
    "x": {"field": "date", "type": "temporal"},
    "y": {"field": "value", "type": "quantitative"},
    "color": {"field": "series", "type": "nominal"}
  }
}
`;
}

/** One mistake (`"mark": "barr"`): the validators must report errors for it. */
export const BROKEN_SPEC = SPEC.replace('"type": "bar"', '"type": "barr"');
