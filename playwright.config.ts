import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8099);
/** Server and browser share one pinned instant so seeded dates and "today" agree on any day CI runs. */
export const E2E_NOW = process.env.E2E_NOW ?? '2026-11-20T09:00:00+01:00';
/** Debian's Chromium: the browser a parent has, and what the installability check needs (phone.spec). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser the suites drive: Debian's headless shell of the same Chromium when installed (.ci/run
 * installs it), the full browser otherwise. The shell has no browser UI, extensions or PDF viewer,
 * and runs the suite in about two thirds of the time on a 2-core machine.
 */
const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const SUITE_BROWSER = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
/** A test that needs what only the full browser has (a PDF viewer, Push messaging, notifications) says so with this tag, and runs in it. */
export const FULL_BROWSER = '@full-browser';
const FULL_BROWSER_TAG = new RegExp(FULL_BROWSER);
const FULL_PROJECT = SUITE_BROWSER !== CHROMIUM;
// Playwright cannot download browsers here: Debian's are used instead.
const launchOptions = (executablePath: string) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
// Per port, so suites on different ports (parallel work on builds of one's own) never share state.
const DATA_DIR = `.e2e-data/${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: 2,
  // One retry in CI only: a test that passes on retry is still reported as flaky in the output (and
  // is a bug to fix), but one timing race on a loaded 2-core machine does not throw the run away.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Recording every test's trace costs CPU on a 2-core machine: in CI only the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium', launchOptions: launchOptions(SUITE_BROWSER) }, ...(FULL_PROJECT ? { grepInvert: FULL_BROWSER_TAG } : {}) },
    ...(FULL_PROJECT ? [{ name: 'chromium-full', use: { browserName: 'chromium' as const, launchOptions: launchOptions(CHROMIUM) }, grep: FULL_BROWSER_TAG }] : []),
  ],
  webServer: {
    // A fresh database each run: tests may acknowledge grades and must not see an earlier run's.
    command: `rm -rf ${DATA_DIR} && tsx tests/server-hooks/main.ts`,
    url: `http://127.0.0.1:${PORT}/version.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PORTAL_NOW: E2E_NOW,
      LOGIN_RATE_MAX: '1000',
      // E2E_DIST: a build folder of one's own, when several builds are tested side by side.
      STATIC_DIR: process.env.E2E_DIST ?? 'dist',
    },
  },
});
