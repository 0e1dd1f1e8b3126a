import { defineConfig } from '@playwright/test';
import base, { E2E_NOW } from './playwright.config';

/**
 * The refactor build (spec §2: VITE_REFACTOR_ROUTES=true adds /estratto-conto-ref, /negozio-ref and
 * /carrello-ref). The server builds that variant into its own folder before it starts, and one
 * short suite checks the three routes: the main suite keeps testing the build without the flag.
 * Its own port and data folder, so it can run beside the main suite.
 */
const PORT = Number(process.env.E2E_REFACTOR_PORT ?? Number(process.env.E2E_PORT ?? 8099) + 1000);
const DIST = process.env.E2E_REFACTOR_DIST ?? 'dist-refactor';
const DATA_DIR = `.e2e-data/${PORT}`;

export default defineConfig({
  ...base,
  testDir: 'tests/refactor',
  outputDir: `test-results/${PORT}`,
  workers: 1,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `vite build --outDir ${DIST} --emptyOutDir --logLevel warn && rm -rf ${DATA_DIR} && tsx tests/server-hooks/main.ts`,
    url: `http://127.0.0.1:${PORT}/version.txt`,
    reuseExistingServer: false,
    // The build comes first: a few minutes on a busy 2-core machine.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      VITE_REFACTOR_ROUTES: 'true',
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PORTAL_NOW: E2E_NOW,
      LOGIN_RATE_MAX: '1000',
      STATIC_DIR: DIST,
    },
  },
});
