export function stripAnnotations<T>(schema: T): T;
export const VL_KINDS: string[];
export const AJV_OPTIONS: Record<string, unknown>;
export function standaloneValidatorsCode(options: { vl: object; vg: object; cacheDir?: string }): Promise<string>;
export function precompiledValidators(): import('vite').Plugin;
