declare module 'virtual:chartspec-validators' {
  import type { CompiledValidate } from '../core/precompiled';
  /** From validation refs (`vg`, `vl#/definitions/TopLevelUnitSpec`, …) to export names. */
  export const REFS: Record<string, string>;
  const validators: Record<string, CompiledValidate>;
  export default validators;
}
