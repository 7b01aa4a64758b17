/**
 * TA-Lib itself (C, compiled to WebAssembly by talib.js, a devDependency) as the reference.
 *
 * talib.js's own wrappers are not used: they pass null for TA-Lib's outBegIdx/outNBElement,
 * run to endIdx = length (one past the last bar) and return arrays padded with zeros, so the
 * warm-up cannot be read from them. This calls TA-Lib's C functions directly with real
 * pointers: the first defined bar is TA-Lib's own outBegIdx, not an assumption of ours.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Module {
  ccall(name: string, ret: 'number', types: 'number'[], args: number[]): number;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAPF64: Float64Array;
  HEAP32: Int32Array;
}

let module: Module | undefined;

/** Loads the wasm once. talib.js would fetch() the file in Node 18+, so fetch is hidden meanwhile. */
export async function initTalib(): Promise<void> {
  if (module) return;
  const talib = require('talib.js') as { init(path: string): Promise<Module> };
  const fetch = globalThis.fetch;
  (globalThis as { fetch?: typeof fetch }).fetch = undefined;
  try {
    module = await talib.init(require.resolve('talib.js/lib/talib.wasm'));
  } finally {
    globalThis.fetch = fetch;
  }
}

export interface TalibResult {
  /** TA-Lib's outBegIdx: the first bar with a value. */
  begIdx: number;
  /** Each output aligned to the bars: NaN before begIdx (and after the last element). */
  outputs: Float64Array[];
}

/**
 * Calls TA_<name>(0, n − 1, inputs…, options…, &outBegIdx, &outNBElement, outputs…). Options go
 * in TA-Lib's order; integers and doubles both pass as JS numbers (wasm converts per signature).
 */
export function talib(name: string, inputs: ArrayLike<number>[], options: number[], outputCount: number): TalibResult {
  if (!module) throw new Error('initTalib() first');
  const m = module;
  const n = inputs[0]!.length;
  const pointers: number[] = [];
  const alloc = (bytes: number) => {
    const ptr = m._malloc(Math.max(bytes, 8));
    pointers.push(ptr);
    return ptr;
  };
  try {
    const inPtrs = inputs.map((input) => {
      const ptr = alloc(n * 8);
      m.HEAPF64.set(Float64Array.from(input), ptr / 8);
      return ptr;
    });
    const begPtr = alloc(4);
    const countPtr = alloc(4);
    const outPtrs = Array.from({ length: outputCount }, () => alloc(n * 8));
    const args = [0, n - 1, ...inPtrs, ...options, begPtr, countPtr, ...outPtrs];
    const code = m.ccall(`TA_${name}`, 'number', Array(args.length).fill('number') as 'number'[], args);
    if (code !== 0) throw new Error(`TA_${name} returned ${code}`);
    // Read the heap after the call: it may have grown, replacing the views.
    const begIdx = m.HEAP32[begPtr / 4]!;
    const count = m.HEAP32[countPtr / 4]!;
    const outputs = outPtrs.map((ptr) => {
      const out = new Float64Array(n).fill(NaN);
      out.set(m.HEAPF64.subarray(ptr / 8, ptr / 8 + count), begIdx);
      return out;
    });
    return { begIdx: count === 0 ? n : begIdx, outputs };
  } finally {
    for (const ptr of pointers) m._free(ptr);
  }
}
