declare module 'virtual:chartspec-validators' {
  import type { CompiledValidate } from '../core/precompiled';
  /** From validation refs (`vg`, `vl#/definitions/TopLevelUnitSpec`, …) to export names. */
  export const REFS: Record<string, string>;
  const validators: Record<string, CompiledValidate>;
  export default validators;
}

declare module 'virtual:chartspec-quick-schemas' {
  /** URLs of the schemas the first validator reads (see scripts/standalone-validators.mjs). */
  export const vl: string;
  export const vg: string;
}
