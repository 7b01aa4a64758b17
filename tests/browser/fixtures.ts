/** Small specs the browser tests type, share and break. */
export const BAR = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "title": "Fruit",
  "data": {"values": [
    {"fruit": "apple", "n": 28},
    {"fruit": "banana", "n": 55},
    {"fruit": "cherry", "n": 43}
  ]},
  "mark": "bar",
  "encoding": {
    "x": {"field": "fruit", "type": "nominal"},
    "y": {"field": "n", "type": "quantitative"}
  }
}`;

export const FOUR_BARS = BAR.replace(
  '{"fruit": "cherry", "n": 43}',
  '{"fruit": "cherry", "n": 43},\n    {"fruit": "date", "n": 12}',
);

export const EXPRESSIONS = `{
  "$schema": "https://vega.github.io/schema/vega-lite/v6.json",
  "title": "Expressions under the CSP",
  "data": {"sequence": {"start": 0, "stop": 40, "as": "i"}},
  "params": [{"name": "k", "value": 3}],
  "transform": [
    {"calculate": "sin(datum.i / 6) * k + (datum.i % 5 === 0 ? 1 : 0)", "as": "y"},
    {"filter": "datum.y > -2.5 && isValid(datum.y)"},
    {"calculate": "datum.y > 0 ? 'up' : 'down'", "as": "side"}
  ],
  "mark": {"type": "point", "filled": true},
  "encoding": {
    "x": {"field": "i", "type": "quantitative"},
    "y": {"field": "y", "type": "quantitative"},
    "color": {"field": "side", "type": "nominal"},
    "tooltip": [{"field": "y", "format": ".2f"}]
  }
}`;

export const STOCKS_CSV = `{
  "data": {"url": "data/stocks.csv"},
  "mark": "line",
  "encoding": {
    "x": {"field": "date", "type": "temporal"},
    "y": {"field": "price", "type": "quantitative"},
    "color": {"field": "symbol", "type": "nominal"}
  }
}`;

export const MISSING_DATA = `{
  "data": {"url": "data/does-not-exist.json"},
  "mark": "point",
  "encoding": {"x": {"field": "a", "type": "quantitative"}}
}`;
