#!/usr/bin/env node
// Lighthouse budget (README "Budgets"): mobile performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 50 ms, CLS ≤ 0.02 on
// /login and on /home signed in, under Lighthouse's simulated mobile throttling, median of three
// runs each. Serves a build (DIST, default dist) with the reference server in production mode (as
// a deployment would: precompressed, cached), drives the system Chromium (CHROME_PATH, default
// /usr/bin/chromium), prints the figures of every run and the medians, exits 1 when a median misses.
// Too slow and too noisy on a shared machine for `npm test`: run it by hand after `npm run build`.
//
// With --save=DIR, each run's whole Lighthouse report (JSON) is written there, to see what missed
// (the LCP element, the shifted elements, the request chain).
//
//   npm run bench:web [-- --runs=3 --only=/login --save=lighthouse-reports]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { BROWSER_ARGS, measure, medians, row } from './lib/lighthouse.mjs';
import { freePort, HOST, startServer } from './lib/server.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(REPO, process.env.DIST ?? 'dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { score: 0.95, lcpMs: 2000, tbtMs: 50, cls: 0.02 };

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const RUNS = Number(args.runs ?? 3);
// --only=/voti (or any signed-in page) measures that page opened cold, the session in the tab.
const PAGES = args.only ? [args.only] : ['/login', '/home'];

const dataDir = mkdtempSync(join(tmpdir(), 'portale-lighthouse-'));
const port = await freePort();
const base = `http://${HOST}:${port}`;
let server;
let browser;
let failed = false;
try {
  server = await startServer(port, dataDir, { repo: REPO, dist: DIST });
  browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: BROWSER_ARGS });
  console.log(`Lighthouse (mobile, simulated throttling), ${RUNS} runs per page, build ${DIST}, Chromium ${await browser.version()}`);
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await measure(browser, base, path, i + 1, { save: args.save });
      runs.push(r);
      console.log(row(`${path} #${i + 1}`, r));
    }
    const m = medians(runs);
    const misses = [
      m.score < BUDGET.score && `score below ${BUDGET.score * 100}`,
      m.lcp > BUDGET.lcpMs && `LCP above ${BUDGET.lcpMs / 1000} s`,
      m.tbt > BUDGET.tbtMs && `TBT above ${BUDGET.tbtMs} ms`,
      m.cls > BUDGET.cls && `CLS above ${BUDGET.cls}`,
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(`${misses.length ? 'FAIL' : 'ok  '} ${row(`${path}`, m).trimEnd()}  (median)${misses.length ? `: ${misses.join(', ')}` : ''}\n`);
  }
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
