#!/usr/bin/env node
// Phone budgets, measured (scripts/lib/phoneBudgets.mjs has what and why): a build (DIST, default
// dist) served by the reference server in production mode with the demo data at the tests' pinned
// instant, the system Chromium at 360×780 and 390×844 with touch, signed in as genitore.demo. Prints
// the top bar's height, the items of each list screen in the first screenful, the screenfuls of
// /voti for the whole year and the controls under 24 px; exits 1 when a budget is missed.
// `npm test` runs the same measurement as tests/e2e/phone-budgets.spec.ts.
//
//   npm run build && npm run measure:phone
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort, HOST, startServer } from './lib/server.mjs';
import { BUDGETS, budgetMisses, measurePhone, PINNED_NOW, report, signIn, VIEWPORTS } from './lib/phoneBudgets.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(REPO, process.env.DIST ?? 'dist');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const started = Date.now();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'measure-phone-'));
const server = await startServer(port, dataDir, { repo: REPO, dist: DIST });
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
const misses = [];
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      baseURL: `http://${HOST}:${port}`,
      viewport,
      hasTouch: true,
      isMobile: true,
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(PINNED_NOW));
    await signIn(page);
    const measured = await measurePhone(page);
    console.log(report(measured).join('\n'));
    misses.push(...budgetMisses(measured));
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nmeasured in ${((Date.now() - started) / 1000).toFixed(1)} s; budgets: ${JSON.stringify(BUDGETS)}`);
if (misses.length > 0) {
  console.log(`\nMISSED:\n${misses.map((m) => `  ${m}`).join('\n')}`);
  process.exit(1);
}
console.log('every budget met');
