#!/usr/bin/env node
// The portal beside its floors (README "Budgets"; the floors are bench/floor/): how far a cold,
// signed-in page is from the least the same stack can do with the same calls.
//
// Builds the two floors (React + TanStack Router; the same plus Query, an XState session actor and
// Lingui) with the portal's Vite into dist-floor/, serves the portal's build (DIST, default dist:
// run `npm run build` first) and each floor with its own reference server in production mode
// (precompressed, immutable assets, its own database), and measures, in alternating rounds:
//
// - Lighthouse (mobile preset, simulated throttling, HTTP cache emptied, the session in the tab) on
//   the portal's /home, /voti and /agenda, the stack floor's same pages and the Router floor's Home;
//   medians of the rounds, each figure and the portal/floor ratios;
// - the real path: from the click on "Accedi" at /login to Home's content painted (the frame after
//   the first row of Home's grades is in the page), under DevTools-protocol throttling at
//   Lighthouse's mobile preset (150 ms round trip, 1.6 Mbps down, 750 Kbps up, 4× CPU), for the
//   portal and the stack floor. `--throttle=devtools` uses instead the values Lighthouse itself
//   sends through DevTools for that preset (562.5 ms per request, 1.44 Mbps, 675 Kbps): a request
//   latency that stands for a new connection's round trips, so it weighs a chain of calls more.
//
// Exits 1 when a median misses: portal LCP above 1.2× the stack floor's on the same page,
// performance below 95, TBT above 2× the stack floor's, CLS above 0.02, or the real path above
// 1.2× the stack floor's. Absolute figures move with the machine's load; the ratios, from rounds
// that alternate, are what to read. Not in `npm test`: slow and noisy.
//
// BASELINE=<another build's folder> measures that build too, in the same rounds, on the same pages
// and the real path, and prints each figure of this build against it: how to judge a change by
// itself on a machine whose load moves (build main into a folder, then the change).
//
//   npm run bench:floor [-- --runs=3 --only=/home,real-path --save=lighthouse-reports --throttle=devtools]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { BROWSER_ARGS, measure, median, medians, row, USER } from './lib/lighthouse.mjs';
import { freePort, HOST, startServer } from './lib/server.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const DIST = resolve(REPO, process.env.DIST ?? 'dist');
const BASELINE = process.env.BASELINE ? resolve(REPO, process.env.BASELINE) : null;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLOORS = ['router', 'stack'];
const BUDGET = { score: 0.95, lcpRatio: 1.2, tbtRatio: 2, cls: 0.02, realPathRatio: 1.2 };

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const RUNS = Number(args.runs ?? 3);
const ONLY = args.only ? args.only.split(',') : null;
const wanted = (what) => !ONLY || ONLY.includes(what);
const PAGES = ['/home', '/voti', '/agenda'].filter(wanted);

/** Lighthouse's mobile preset; its simulated figures, or (`--throttle=devtools`) those it sends through DevTools. */
const PRESET = throttling.mobileSlow4G;
const NETWORK =
  args.throttle === 'devtools'
    ? { latencyMs: PRESET.requestLatencyMs, downKbps: PRESET.downloadThroughputKbps, upKbps: PRESET.uploadThroughputKbps }
    : { latencyMs: PRESET.rttMs, downKbps: PRESET.throughputKbps, upKbps: 750 };
if (args.throttle && args.throttle !== 'devtools') throw new Error(`--throttle=${args.throttle}: only devtools, or leave it out`);

/** Which app measures which page: the portal and the stack floor all of them, the Router floor Home. */
const LIGHTHOUSE_TARGETS = PAGES.flatMap((path) => [
  { app: 'portal', path },
  ...(BASELINE ? [{ app: 'baseline', path }] : []),
  ...(path === '/home' ? [{ app: 'router', path }] : []),
  { app: 'stack', path },
]);

/**
 * What "Home's content painted" waits for: the first row of Home's grades (the data of its last
 * call). In the portal's family Home that is a row of a child's grades part; the open child's block,
 * which Home's loader waits for, paints first.
 */
const HOME_CONTENT = {
  portal: 'section[aria-labelledby^="figlio-"][aria-labelledby*="-grades"] li',
  baseline: 'section[aria-labelledby^="figlio-"][aria-labelledby*="-grades"] li',
  stack: '[data-floor-rows] li',
};

function buildFloors() {
  for (const floor of FLOORS) {
    const built = spawnSync(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'bench/floor/vite.config.ts', '--logLevel', 'warn'], {
      cwd: REPO,
      env: { ...process.env, FLOOR: floor, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error(`the ${floor} floor did not build`);
  }
}

/**
 * One real path: a fresh browser context (empty cache and storage) with a phone's screen, the
 * network and CPU throttled as Lighthouse's mobile preset is through DevTools; /login loaded and
 * filled, then the time from the click on the submit button ("Accedi") to the frame after the
 * first row of Home's content is in the page, both read by the page's own clock.
 */
async function realPath(browser, base, contentSelector) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const phone = screenEmulationMetrics.mobile;
    await page.setUserAgent(userAgents.mobile);
    await page.setViewport({ width: phone.width, height: phone.height, deviceScaleFactor: phone.deviceScaleFactor, isMobile: phone.mobile, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: NETWORK.latencyMs,
      downloadThroughput: (NETWORK.downKbps * 1024) / 8,
      uploadThroughput: (NETWORK.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PRESET.cpuSlowdownMultiplier });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await page.type('input[name=username]', USER.username);
    await page.type('input[name=password]', USER.password);
    // Armed before the click: the click's time, then the first frame after the content's first row
    // enters the page (a MutationObserver sees it as it is inserted; the timer after the next
    // animation frame runs once that frame has been produced).
    await page.evaluate((selector) => {
      const { document, performance, location } = globalThis;
      globalThis.__realPath = new Promise((done) => {
        let clickedAt = null;
        document.addEventListener('click', (e) => (clickedAt ??= e.timeStamp), { capture: true });
        const observer = new globalThis.MutationObserver(() => {
          if (clickedAt === null || !document.querySelector(selector)) return;
          observer.disconnect();
          globalThis.requestAnimationFrame(() => setTimeout(() => done({ ms: performance.now() - clickedAt, path: location.pathname })));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    }, contentSelector);
    await page.click('button[type=submit]');
    const result = await page.waitForFunction(() => globalThis.__realPath, { timeout: 120_000, polling: 1000 }).then((h) => h.jsonValue());
    if (result.path !== '/home') throw new Error(`the real path at ${base} ended at ${result.path}`);
    await cdp.detach();
    return result.ms;
  } finally {
    await context.close();
  }
}

const ratio = (a, b) => (b > 0 ? a / b : NaN);
const times = (x) => `${x.toFixed(2)}×`;

const servers = [];
const dataDirs = [];
let browser;
let failed = false;
try {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html not found: run npm run build first`);
  buildFloors();
  const apps = {};
  for (const [app, dist] of [['portal', DIST], ...(BASELINE ? [['baseline', BASELINE]] : []), ...FLOORS.map((f) => [f, join(REPO, 'dist-floor', f)])]) {
    const dataDir = mkdtempSync(join(tmpdir(), `portale-floor-${app}-`));
    dataDirs.push(dataDir);
    const port = await freePort();
    servers.push(await startServer(port, dataDir, { repo: REPO, dist }));
    apps[app] = `http://${HOST}:${port}`;
  }
  browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: BROWSER_ARGS });
  console.log(`Portal (${DIST}) beside its floors (dist-floor/), ${RUNS} alternating rounds, Chromium ${await browser.version()}`);
  if (wanted('real-path')) {
    console.log(`Real path throttled through DevTools: ${NETWORK.latencyMs} ms latency, ${(NETWORK.downKbps / 1024).toFixed(2)} Mbps down, ${NETWORK.upKbps} Kbps up, ${PRESET.cpuSlowdownMultiplier}× CPU`);
  }

  const lighthouse = new Map(LIGHTHOUSE_TARGETS.map((t) => [`${t.app} ${t.path}`, []]));
  const real = { portal: [], stack: [], baseline: [] };
  const realApps = ['portal', ...(BASELINE ? ['baseline'] : []), 'stack'];
  for (let round = 1; round <= RUNS; round++) {
    // Every other round the floors go first, so neither side always runs on a warmer machine.
    const order = round % 2 ? LIGHTHOUSE_TARGETS : [...LIGHTHOUSE_TARGETS].reverse();
    for (const { app, path } of order) {
      const label = `${app} ${path}`;
      const r = await measure(browser, apps[app], path, round, { save: args.save, label: `${app}-${path.slice(1)}` });
      lighthouse.get(label).push(r);
      console.log(row(`${label} #${round}`, r, 20));
    }
    if (wanted('real-path')) {
      for (const app of round % 2 ? realApps : [...realApps].reverse()) {
        const ms = await realPath(browser, apps[app], HOME_CONTENT[app]);
        real[app].push(ms);
        console.log(`${`${app} real path #${round}`.padEnd(20)} Accedi → Home painted ${(ms / 1000).toFixed(2)} s`);
      }
    }
  }

  console.log('\nMedians');
  for (const path of PAGES) {
    const portal = medians(lighthouse.get(`portal ${path}`));
    const stack = medians(lighthouse.get(`stack ${path}`));
    console.log(row(`portal ${path}`, portal, 20));
    if (BASELINE) {
      const base = medians(lighthouse.get(`baseline ${path}`));
      console.log(row(`baseline ${path}`, base, 20));
      console.log(`${''.padEnd(20)} portal/baseline: ${['fcp', 'lcp', 'tbt'].map((k) => `${k.toUpperCase()} ${times(ratio(portal[k], base[k]))}`).join('  ')}`);
    }
    const floors = [['stack', stack]];
    if (path === '/home') floors.unshift(['router', medians(lighthouse.get(`router ${path}`))]);
    for (const [name, m] of floors) {
      console.log(row(`${name} floor ${path}`, m, 20));
      console.log(`${''.padEnd(20)} portal/${name}: ${['fcp', 'lcp', 'tbt'].map((k) => `${k.toUpperCase()} ${times(ratio(portal[k], m[k]))}`).join('  ')}`);
    }
    const misses = [
      portal.lcp > BUDGET.lcpRatio * stack.lcp && `LCP above ${BUDGET.lcpRatio}× the stack floor's`,
      portal.score < BUDGET.score && `score below ${BUDGET.score * 100}`,
      portal.tbt > BUDGET.tbtRatio * stack.tbt && `TBT above ${BUDGET.tbtRatio}× the stack floor's`,
      portal.cls > BUDGET.cls && `CLS above ${BUDGET.cls}`,
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(`${misses.length ? 'FAIL' : 'ok  '} portal ${path}${misses.length ? `: ${misses.join(', ')}` : ''}\n`);
  }
  if (wanted('real-path')) {
    const [portal, stack] = [median(real.portal), median(real.stack)];
    const r = ratio(portal, stack);
    const miss = r > BUDGET.realPathRatio;
    failed ||= miss;
    if (BASELINE) console.log(`     real path, baseline (median): ${(median(real.baseline) / 1000).toFixed(2)} s; portal/baseline ${times(ratio(portal, median(real.baseline)))}`);
    console.log(`${miss ? 'FAIL' : 'ok  '} real path, Accedi → Home painted (median): portal ${(portal / 1000).toFixed(2)} s, stack floor ${(stack / 1000).toFixed(2)} s, ${times(r)}${miss ? ` (above ${BUDGET.realPathRatio}×)` : ''}`);
  }
} catch (err) {
  failed = true;
  console.error(err instanceof Error ? err.message : err);
} finally {
  await browser?.close();
  for (const server of servers) server.kill('SIGTERM');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
