/** Where the command line reads and writes: the process in main.ts; tests may pass fakes. */
export interface Io {
  stdout(text: string): Promise<void>;
  stderr(text: string): Promise<void>;
  readStdin(): Promise<string>;
}

/** Exit statuses. */
export const OK = 0;
export const SPEC_ERRORS = 1;
export const USAGE_ERROR = 2;
