export function stripAnnotations<T>(schema: T, options?: { formats?: boolean }): T;
export function quickSchema<T>(schema: T): T;
export const VL_KINDS: string[];
export const AJV_OPTIONS: Record<string, unknown>;
export function standaloneValidatorsCode(options: { vl: object; vg: object; cacheDir?: string }): Promise<string>;
export function precompiledValidators(): import('vite').Plugin;
export function quickSchemas(): import('vite').Plugin;
