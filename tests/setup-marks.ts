// Tests expand every extension mark by default, as every program but the page's pipeline
// worker does (that one loads a mark when a text names it: src/core/marks/families.ts), and
// draw with the financial marks' fused transforms in use, which the page loads with the first
// spec that has their work (src/render/vega-transforms.ts), and with the candle join canvases use.
import '../src/core/marks/index';
import * as candleMarks from '../src/render/candle-marks';
import * as fusedTransforms from '../src/render/fused-transforms';
import { useCandleMarks, useFusedTransforms } from '../src/render/runtime-spec';

useFusedTransforms(fusedTransforms);
useCandleMarks(candleMarks);
