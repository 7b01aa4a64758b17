import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/ensure-chromium.mjs';

const PORT = Number(process.env.CHARTSPEC_TEST_PORT ?? 4317);

/** Debian's Chromium by default; CHROMIUM_PATH points elsewhere. Never a downloaded browser. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results/browser',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/browser.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The production build (its CSP is what users get); Playwright stops the server at the end.
  // CHARTSPEC_DIST serves another build folder (two checkouts or builds side by side).
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${process.env.CHARTSPEC_DIST ?? 'dist'}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
