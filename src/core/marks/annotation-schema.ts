/**
 * The annotation mark's part of the extended schema: the mark object, `config.annotation`, and
 * one definition per item kind, chosen by the item's `kind` (a const in each branch, so the
 * validator's explainer knows which branch was meant).
 */
import type { JsonObject, MarkSchema } from './types';

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const d = (description: string, schema: JsonObject): JsonObject => ({ ...schema, description });

const X = ref('AnnotationX');
const POINT = ref('AnnotationPoint');
const points = (min: number, max: number | undefined, description: string) => ({
  type: 'array',
  items: POINT,
  minItems: min,
  ...(max !== undefined ? { maxItems: max } : {}),
  description,
});
const ARROW = d('Arrowheads at the ends. __Default value:__ `"none"` (callouts: `"end"`, on the point)', {
  enum: ['start', 'end', 'both', 'none'],
});

const STYLE: Record<string, JsonObject> = {
  color: d(
    'Color of every part. __Default value:__ by kind: levels blue, events violet, bands and notes slate, trend lines cyan, buy green, sell red',
    { type: 'string' },
  ),
  strokeWidth: d('Width of lines. __Default value:__ `1.5`', { type: 'number', minimum: 0 }),
  strokeDash: d('Dash pattern of lines, such as `[4, 3]`. __Default value:__ solid (event lines `[4, 3]`)', {
    type: 'array',
    items: { type: 'number' },
  }),
  opacity: d('Opacity of the whole item. __Default value:__ `1`', { type: 'number', minimum: 0, maximum: 1 }),
  fillOpacity: d('Opacity of shaded parts: bands, zones, fills. __Default value:__ `0.12`', {
    type: 'number',
    minimum: 0,
    maximum: 1,
  }),
  arrowSize: d('Length of arrowheads in pixels. __Default value:__ `10`', { type: 'number', minimum: 0 }),
  format: d('d3 format of prices in labels and price tags. __Default value:__ `",.2f"`', { type: 'string' }),
};

const item = (
  kind: string,
  description: string,
  required: string[],
  props: Record<string, JsonObject>,
): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  required: ['kind', ...required],
  description,
  properties: {
    // The const's description is what completion shows beside each kind.
    kind: {
      const: kind,
      description: `\`${kind}\`: ${description}`,
    },
    ...props,
    label: ref('AnnotationLabel'),
    ...STYLE,
  },
});

/** Each kind's item definition, by definition name (`AnnotationLevel`…): the one place its required positions are said. */
export const KIND_DEFS: Record<string, JsonObject> = {
  AnnotationLevel: item(
    'level',
    'A horizontal line at a price across the plot, labelled, with a price tag at the side.',
    ['y'],
    {
      y: d('The price.', { type: 'number' }),
      x: d("Where the line starts. __Default value:__ the plot's left edge", X),
      x2: d("Where the line ends. __Default value:__ the plot's right edge", X),
      price: d('The price tag outside the plot: its side, or `false`. __Default value:__ `"right"`', {
        anyOf: [{ type: 'boolean' }, { enum: ['left', 'right'] }],
      }),
    },
  ),
  AnnotationEvent: item('event', 'A vertical line at a date across the plot, labelled at its top.', ['x'], {
    x: d('The date.', X),
  }),
  AnnotationXBand: item('xband', "A shaded range of dates across the plot's height.", ['x', 'x2'], {
    x: d('Where the band starts.', X),
    x2: d('Where it ends (not before `x`).', X),
  }),
  AnnotationYBand: item('yband', "A shaded range of prices across the plot's width.", ['y', 'y2'], {
    y: d('One edge.', { type: 'number' }),
    y2: d('The other edge.', { type: 'number' }),
  }),
  AnnotationTrend: item(
    'trend',
    'A line through two points, as a segment or extended into a ray or a full line.',
    ['points'],
    {
      points: points(2, 2, 'The two points the line goes through.'),
      extend: d(
        '`segment` between the points, `ray` on past the second to the plot\'s edge, `line` past both. __Default value:__ `"segment"`',
        { enum: ['segment', 'ray', 'line'] },
      ),
      arrow: ARROW,
    },
  ),
  AnnotationCallout: item(
    'callout',
    'A label offset from a point, with a connector and an arrowhead pointing at the point.',
    ['x', 'y'],
    {
      x: d('The date the callout points at.', X),
      y: d('The price the callout points at.', { type: 'number' }),
      dx: d('Horizontal offset of the label from the point in pixels. __Default value:__ `40`', { type: 'number' }),
      dy: d('Vertical offset of the label in pixels (negative: up). __Default value:__ `-40`', { type: 'number' }),
      arrow: ARROW,
    },
  ),
  AnnotationMarker: item('marker', 'A symbol at a price: buy/sell arrows, flags, circles…', ['x', 'y'], {
    x: d('The date of the symbol.', X),
    y: d('The price the symbol marks.', { type: 'number' }),
    shape: ref('AnnotationMarkerShape'),
    position: d(
      'Where the symbol sits relative to the price. __Default value:__ `below` for buy/arrow-up, `above` for sell/arrow-down/flag, else `center`',
      { enum: ['above', 'below', 'center'] },
    ),
    size: d('Symbol area in square pixels. __Default value:__ `100`', { type: 'number', minimum: 0 }),
  }),
  AnnotationNote: item('note', 'Text at a point.', ['x', 'y', 'label'], {
    x: d('The date of the text.', X),
    y: d('The price of the text.', { type: 'number' }),
  }),
  AnnotationRect: item('rect', 'A rectangle between two dates and two prices.', ['x', 'x2', 'y', 'y2'], {
    x: d('The first date.', X),
    x2: d('The second date, not before `x`.', X),
    y: d('One price edge.', { type: 'number' }),
    y2: d('The other price edge.', { type: 'number' }),
  }),
  AnnotationEllipse: item(
    'ellipse',
    'An ellipse inscribed in the box between two dates and two prices.',
    ['x', 'x2', 'y', 'y2'],
    {
      x: d("The first date of the ellipse's box.", X),
      x2: d('The second date, not before `x`.', X),
      y: d('One price edge of the box.', { type: 'number' }),
      y2: d('The other price edge.', { type: 'number' }),
    },
  ),
  AnnotationPolyline: item('polyline', 'A line through several points in order.', ['points'], {
    points: points(2, undefined, 'The points, in drawing order.'),
    closed: d('Back to the first point. __Default value:__ `false`', { type: 'boolean' }),
    arrow: ARROW,
  }),
  AnnotationFibonacci: item(
    'fibonacci',
    'Fibonacci retracement between two points: a line per level with its ratio and price, shaded zones between.',
    ['points'],
    {
      points: points(2, 2, "The swing's start (level 1) and end (level 0)."),
      levels: d('The ratios drawn. __Default value:__ `[0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]`', {
        type: 'array',
        items: { type: 'number' },
        minItems: 1,
      }),
      colors: d('Colors of the levels, in the order of `levels`. __Default value:__ a palette, or `color` for all', {
        type: 'array',
        items: { type: 'string' },
      }),
      extend: d("Lines and zones go on to the plot's right edge. __Default value:__ `false`", { type: 'boolean' }),
      price: d(
        'The side of the lines where each level\'s ratio and price is written, or `false`. __Default value:__ `"left"`',
        { anyOf: [{ type: 'boolean' }, { enum: ['left', 'right'] }] },
      ),
    },
  ),
  AnnotationChannel: item(
    'channel',
    'A parallel channel: a trend line, its parallel through a third point (or `offset` away), a dashed midline and the fill between.',
    ['points'],
    {
      points: points(2, 3, 'Two points of the base line, and optionally the point the parallel goes through.'),
      offset: d('Distance of the parallel from the base line, in price (when there is no third point).', {
        type: 'number',
      }),
      midline: d('A dashed line midway. __Default value:__ `true`', { type: 'boolean' }),
    },
  ),
  AnnotationMeasure: item(
    'measure',
    'The change between two points: a shaded box with arrows, and the change in price, percent and time as a label.',
    ['points'],
    {
      points: points(2, 2, 'From and to.'),
      bars: d(
        "Count the rows of the chart's data between the points (needs the chart's x field on an enclosing layer). __Default value:__ `false`",
        { type: 'boolean' },
      ),
    },
  ),
  AnnotationPitchfork: item(
    'pitchfork',
    "Andrews' pitchfork: a median line from the first point through the middle of the other two, and parallel tines through them.",
    ['points'],
    {
      points: points(3, 3, 'The pivot, then the two reaction points.'),
      length: d(
        'How far the lines run past the midpoint, in runs of the median from the pivot. __Default value:__ `1`',
        { type: 'number', exclusiveMinimum: 0 },
      ),
    },
  ),
  AnnotationElliott: item(
    'elliott',
    'Elliott wave points joined by a line, each labelled above a peak or below a trough.',
    ['points'],
    {
      points: points(2, undefined, 'The wave points in order, starting with the origin.'),
      labels: d(
        'One label a point. __Default value:__ `0`–`5` for 6 points, `0, A, B, C` for 4, `0`–`5, A, B, C` for 9, else `0, 1, …`',
        { type: 'array', items: { type: 'string' } },
      ),
    },
  ),
};

/** Each kind's description, by kind: completion shows it beside the kind's name. */
const KIND_DESCRIPTIONS: Record<string, string> = Object.fromEntries(
  Object.values(KIND_DEFS).map((def) => {
    const kind = (def['properties'] as Record<string, JsonObject>)['kind']!['const'] as string;
    return [kind, def['description'] as string];
  }),
);
/** The kinds one item a row of data can draw. */
const DATA_KINDS = ['level', 'event', 'xband', 'yband', 'trend', 'callout', 'marker', 'note', 'rect'];

const FIELD = ref('AnnotationFieldRef');
const PART = (what: string) =>
  d(`${what}: \`false\` hides it; mark properties style it.`, { anyOf: [{ type: 'boolean' }, ref('MarkConfig')] });
const CONFIG_PROPS: Record<string, JsonObject> = {
  ...STYLE,
  parts: ref('AnnotationParts'),
  scales: d(
    'The Vega names of the chart\'s x and y scales, read to point arrowheads and draw rays on screen. __Default value:__ the names vega-lite gives them where the annotation sits (`"x"`, or `"concat_0_y"` in the first view of a concat or above a volume pane); set them only inside a repeat, whose views are named after what they repeat.',
    { type: 'object', additionalProperties: false, properties: { x: { type: 'string' }, y: { type: 'string' } } },
  ),
};

export const annotationSchema: MarkSchema = {
  def: 'AnnotationDef',
  definitions: {
    AnnotationDef: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      description:
        "Annotations in the chart's coordinates: level and event lines, bands, trend lines, callouts, markers, notes, shapes, Fibonacci retracements, channels, measures, pitchforks, Elliott waves. Give `items`, or a `kind` with field mappings for one item per row of the data. Other options are defaults for every item.",
      properties: {
        type: { const: 'annotation', description: 'The mark type.' },
        items: d('The annotations, each with its `kind`. __Default value:__ none (or one a row, with `kind`)', {
          type: 'array',
          items: ref('AnnotationItem'),
        }),
        kind: {
          ...d('Driven by data: the kind of item drawn for every row. __Default value:__ none (give `items`)', {
            enum: DATA_KINDS,
          }),
          // Completion and hover show what each kind draws.
          markdownEnumDescriptions: DATA_KINDS.map((k) => KIND_DESCRIPTIONS[k]!),
        },
        x: d("Driven by data: the field of each row's date. __Default value:__ none", FIELD),
        x2: d("Driven by data: the field of each row's end date. __Default value:__ none", FIELD),
        y: d("Driven by data: the field of each row's price. __Default value:__ none", FIELD),
        y2: d("Driven by data: the field of each row's second price. __Default value:__ none", FIELD),
        label: d(
          'Driven by data: text for every row, or a field, or a label with a field as `text`. __Default value:__ none',
          {
            anyOf: [ref('AnnotationLabel'), FIELD],
          },
        ),
        at: d(
          "Driven by data: markers at each row's high or low (the `high`/`low` fields, else the chart's `high`/`low` channels). __Default value:__ none (at `y`)",
          { enum: ['high', 'low'] },
        ),
        high: d("The field of each row's high. __Default value:__ the chart's `high` channel", FIELD),
        low: d("The field of each row's low. __Default value:__ the chart's `low` channel", FIELD),
        extend: d('Trend lines: `segment`, `ray` or `line`. __Default value:__ `"segment"`', {
          enum: ['segment', 'ray', 'line'],
        }),
        arrow: ARROW,
        dx: d("Callouts: the label's horizontal offset in pixels. __Default value:__ `40`", { type: 'number' }),
        dy: d("Callouts: the label's vertical offset in pixels. __Default value:__ `-40`", { type: 'number' }),
        shape: ref('AnnotationMarkerShape'),
        position: d('Markers: above, below or on the price. __Default value:__ by shape', {
          enum: ['above', 'below', 'center'],
        }),
        size: d('Markers: symbol area in square pixels. __Default value:__ `100`', { type: 'number', minimum: 0 }),
        price: d(
          'Level lines: the price tag\'s side; Fibonacci: the side of the level labels; or `false`. __Default value:__ `"right"` (levels), `"left"` (Fibonacci)',
          { anyOf: [{ type: 'boolean' }, { enum: ['left', 'right'] }] },
        ),
        ...CONFIG_PROPS,
      },
    },
    AnnotationConfig: {
      type: 'object',
      additionalProperties: false,
      description: 'Defaults for every annotation mark.',
      properties: CONFIG_PROPS,
    },
    AnnotationItem: { anyOf: Object.keys(KIND_DEFS).map(ref), description: 'One annotation; `kind` says which.' },
    ...KIND_DEFS,
    AnnotationX: d('A date (`"2009-06-15"`, a timestamp) or a number, as the chart\'s x reads it.', {
      type: ['string', 'number'],
    }),
    AnnotationPoint: {
      type: 'object',
      additionalProperties: false,
      required: ['x', 'y'],
      description: 'A point in data coordinates.',
      properties: { x: X, y: d('A price.', { type: 'number' }) },
    },
    AnnotationFieldRef: {
      type: 'object',
      additionalProperties: false,
      required: ['field'],
      description: 'A data field.',
      properties: {
        field: d('The name of the field.', { type: 'string' }),
        type: d('How x is read. __Default value:__ the chart\'s x type, else `"temporal"`', {
          enum: ['temporal', 'quantitative'],
        }),
      },
    },
    AnnotationMarkerShape: d(
      '`buy`/`arrow-up` sit under the price and point up at it, `sell`/`arrow-down` over it pointing down, `flag` stands on it. __Default value:__ `"circle"`',
      {
        enum: [
          'buy',
          'sell',
          'arrow-up',
          'arrow-down',
          'flag',
          'circle',
          'square',
          'diamond',
          'cross',
          'triangle-up',
          'triangle-down',
        ],
      },
    ),
    AnnotationLabel: d('Text, lines of text, or a label with its own placement and style.', {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, ref('AnnotationLabelDef')],
    }),
    AnnotationLabelDef: {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      description: 'A label with its own placement and style.',
      properties: {
        text: d('The text; an array gives one line each; driven by data, a field.', {
          anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, FIELD],
        }),
        position: d(
          'Where the label sits, per kind: level `left` (default), `right`, `center`; event, x band, rect `top` (default), `bottom`; y band `left` (default), `right`; trend, polyline, channel `end` (default), `start`; ellipse `top` (default), `bottom`, `center`; marker `below`, `above`.',
          { enum: ['left', 'right', 'center', 'top', 'bottom', 'start', 'end', 'above', 'below'] },
        ),
        dx: d('Pixels to the right of where the kind puts the label.', { type: 'number' }),
        dy: d('Pixels down from where the kind puts the label.', { type: 'number' }),
        color: d("__Default value:__ the item's color", { type: 'string' }),
        fontSize: d('Font size in pixels. __Default value:__ `11`', { type: 'number', minimum: 0 }),
        fontWeight: d('Font weight, such as `"bold"` or `600`.', ref('FontWeight')),
        fontStyle: d('Font style, such as `"italic"`.', { type: 'string' }),
        font: d("Font family. __Default value:__ the chart's", { type: 'string' }),
        angle: d('Rotation in degrees, clockwise.', { type: 'number' }),
        align: d('Horizontal alignment of the text. __Default value:__ by kind and position', ref('Align')),
        baseline: d('Vertical alignment of the text. __Default value:__ by kind and position', ref('TextBaseline')),
        opacity: d("Opacity of the text. __Default value:__ the item's", { type: 'number', minimum: 0, maximum: 1 }),
        limit: d('Longest text in pixels before it is cut with an ellipsis.', { type: 'number', minimum: 0 }),
        lineHeight: d('Height of a line of a multi-line label in pixels.', { type: 'number' }),
      },
    },
    AnnotationParts: {
      type: 'object',
      additionalProperties: false,
      description:
        'Each generated part, stamped `style: "annotation-<part>"`: `false` hides it, mark properties style it. __Default value:__ every part a kind draws, in its own style',
      properties: {
        line: PART('Lines (rules, trend lines, outlines)'),
        band: PART('Shaded areas (bands, zones, fills)'),
        label: PART('Labels'),
        arrow: PART('Arrowheads'),
        marker: PART('Marker symbols'),
        point: PART('Dots on wave points'),
        connector: PART('Callout connectors'),
        tag: PART("The colored tag behind a level's price"),
        price: PART('Prices written by level lines (on their tag) and Fibonacci levels'),
      },
    },
  },
  config: ref('AnnotationConfig'),
};
