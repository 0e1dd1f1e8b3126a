import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * QA's transition suites (tests/model): the machines' generated paths replayed in the browser, one
 * test per path titled by the path, listed as they run. Same server, browser and pinned clock as
 * the e2e run; the paths of one machine run in order (they share the demo data). The transition
 * report (tests/model/report.ts) writes test-results/transitions/report.{html,md} and fails the run
 * when the browser paths cover fewer transitions than the generated ones.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/model',
  testMatch: '**/*.model.spec.ts',
  reporter: [['list'], ['./tests/model/report.ts']],
});
