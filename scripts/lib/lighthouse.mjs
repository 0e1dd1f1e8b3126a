// Lighthouse as the web benchmarks run it (README "Budgets"): one cold load of a page under the
// mobile preset with simulated throttling, the HTTP cache emptied; for a signed-in page the tab is
// first signed in through the page's `/login` form (user code, password, submit) and keeps its
// session. Shared by bench-web.mjs (the portal) and bench-floor.mjs (the portal beside its floors).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFlow } from 'lighthouse';

export const USER = { username: 'genitore.demo', password: 'Demo.2026!' };
export const BROWSER_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
export const METRICS = ['score', 'fcp', 'lcp', 'tbt', 'cls'];

/** Signs the tab in through the app's form at `base`/login and waits for Home. */
export async function signInThroughForm(page, base, user = USER) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('input[name=username]', user.username);
  await page.type('input[name=password]', user.password);
  await Promise.all([page.waitForFunction(() => globalThis.location.pathname === '/home'), page.click('button[type=submit]')]);
}

/**
 * One cold load of `path` at `base` (HTTP cache emptied; for any page but /login, the tab's
 * session kept). With `save` (a folder), the whole report is written there as `<label>-<run>.json`.
 */
export async function measure(browser, base, path, run, { save, label = path.slice(1) || 'root' } = {}) {
  const page = await browser.newPage();
  try {
    const flow = await startFlow(page, { config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } } });
    if (path !== '/login') {
      // Signed in the way a parent is: the session lives in this tab's sessionStorage.
      await signInThroughForm(page, base);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    await flow.navigate(`${base}${path}`, { flags: { disableStorageReset: path !== '/login' } });
    const lhr = (await flow.createFlowResult()).steps[0].lhr;
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    if (save) {
      mkdirSync(save, { recursive: true });
      writeFileSync(join(save, `${label.replace(/[^\w.-]+/g, '_')}-${run}.json`), JSON.stringify(lhr, null, 1));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const result = {
      score: lhr.categories.performance.score,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      finalUrl: lhr.finalDisplayedUrl,
    };
    if (new URL(result.finalUrl).pathname !== path) throw new Error(`${path} ended at ${result.finalUrl}: not the page meant`);
    return result;
  } finally {
    await page.close();
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of each figure over runs. */
export const medians = (runs) => Object.fromEntries(METRICS.map((k) => [k, median(runs.map((r) => r[k]))]));

export const row = (label, r, width = 10) =>
  `${label.padEnd(width)} score ${String(Math.round(r.score * 100)).padStart(3)}  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt).toString().padStart(4)} ms  CLS ${r.cls.toFixed(3)}`;
