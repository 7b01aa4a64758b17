// Types of bench/specs.mjs, which the browser tests import too.
export declare const SPEC: string;
export declare const EDIT_LINE: number;
export declare const EDIT_TENS: number;
export declare function rowsSpec(n: number): string;
export declare const BROKEN_SPEC: string;
