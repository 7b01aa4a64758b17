import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
      'tests/conformance/**/*.test.ts',
      'tests/cli/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup-marks.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
