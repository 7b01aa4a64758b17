// Tests expand every extension mark by default, as every program but the page's pipeline
// worker does (that one loads a mark when a text names it: src/core/marks/families.ts).
import '../src/core/marks/index';
