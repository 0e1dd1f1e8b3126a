#!/usr/bin/env node
// Budgets of what a parent's phone downloads (README "Budgets"), checked on a build (DIST, default dist):
//
// - /login: at most 130 KB of JavaScript gzip in at most 8 files. The set is what the browser
//   fetches on a first visit: the scripts of index.html, every file they import statically (what a
//   browser must fetch before running them), the /login route's own split chunks if it has any, and
//   the Italian boot catalogue. Printed with its ratio to the React + Router floor (recorded below).
// - Every route file's split chunk (component, loader and the rest, in one file per route) at most
//   30 KB gzip, and nothing of a screen under src/routes/_private/ at /login: none of its split
//   chunks, and none of its modules in /login's files. Only the route definition itself (path,
//   search validation, guard: what the router must know to match a URL) is in the route tree.
//   Both rules follow every route file, so a new screen is held to them with no change here.
// - A cold signed-in /home: the files it needs beyond /login's (the list the build writes into
//   index.html for src/early.ts: the signed-in area, the area's Italian messages, Home's own), at
//   most 45 KB gzip. Every signed-in first page loads the area's part of it; a module Home or the
//   area starts importing statically (a badge's rules, a screen's table) lands here.
// - The files a first page runs nearly whole (index.html's scripts, the signed-in area, every
//   screen's own chunk) start with V8's compile hint (vite.config.ts, `postBanner`).
//
//   npm run size                 (after npm run build)
//   DIST=dist-x npm run size     (another build folder)
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const DIST = process.env.DIST ?? 'dist';
const KB = 1024;
// README "Budgets": 130 KB. The sign-in page loads no query cache (src/api/queryClientLoader.ts): the
// screens' areas load it in their guards.
const LOGIN_BUDGET = { bytes: 130 * KB, files: 8 };
const ROUTE_CHUNK_BUDGET = 30 * KB;
// README "Budgets": 74.1 KB before the signed-in area and Home shed the widgets' and other screens'
// parts, 53.6 KB before the area came in one file and Home's messages apart from the other screens'.
const HOME_BUDGET = 45 * KB;
const BOOT_CATALOG = 'locales/it/boot.ts';
const LOGIN_ROUTE_FILE = 'src/routes/(auth)/login.tsx';
const PRIVATE_ROUTES = 'src/routes/_private';
/**
 * The floor: the same versions and build settings (Vite 8, es2022, minified), an app that renders
 * one routed page. Measured side by side with this app in one run on the 2-core machine (README "Budgets"),
 * gzip level 9; re-measure when a major version of one of them changes.
 */
const FLOOR = {
  'React 19 + TanStack Router': 92.2 * KB,
  '+ Query, XState, Lingui': 114.9 * KB,
};

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gzipCache.get(file);
}
const kb = (n) => `${(n / KB).toFixed(1)} KB`;

/** Relative imports a browser must fetch before running the module (static `import`/`export from`). */
function staticImports(file) {
  const code = readFileSync(join(DIST, file), 'utf8');
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  const found = new Set();
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'`](\.\.?\/[^"'`]+\.js)["'`]/g;
  for (const match of code.matchAll(pattern)) found.add(new URL(match[1], `http://x/${dir}`).pathname.slice(1));
  return found;
}

/** `files` and everything they import statically. */
function closure(files) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    if (!existsSync(join(DIST, file))) throw new Error(`${file} is imported but not in ${DIST}`);
    seen.add(file);
    staticImports(file).forEach(walk);
  };
  files.forEach(walk);
  return seen;
}

function chunkOf(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest of ${DIST} has no ${key}`);
  return chunk.file;
}

/** Split chunks by route file: `src/routes/x.tsx?tsr-split=component---loader` → its output files. */
const splitChunks = new Map();
for (const [key, chunk] of Object.entries(manifest)) {
  const match = /^(src\/routes\/.+\.tsx)\?tsr-split=/.exec(key);
  if (!match) continue;
  splitChunks.set(match[1], [...(splitChunks.get(match[1]) ?? []), chunk.file]);
}
if (splitChunks.size === 0) throw new Error('no split route chunk in the manifest: is autoCodeSplitting still on?');

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const htmlScripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
if (htmlScripts.length === 0) throw new Error(`no script in ${DIST}/index.html`);
// The Italian boot catalogue is in the boot file itself (src/i18n/locale.ts); counted on its own if
// a change ever splits it out again.
const loginFiles = closure([...htmlScripts, ...(splitChunks.get(LOGIN_ROUTE_FILE) ?? []), ...(manifest[BOOT_CATALOG] ? [chunkOf(BOOT_CATALOG)] : [])]);

let failed = false;
const report = (ok, text) => {
  failed ||= !ok;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
};

// ---- /login
const loginJs = [...loginFiles].filter((f) => f.endsWith('.js'));
const loginBytes = loginJs.reduce((sum, f) => sum + gzipped(f), 0);
report(
  loginBytes <= LOGIN_BUDGET.bytes && loginJs.length <= LOGIN_BUDGET.files,
  `/login: ${kb(loginBytes)} gzip in ${loginJs.length} files (budget ${kb(LOGIN_BUDGET.bytes)} in ${LOGIN_BUDGET.files}; ${LOGIN_BUDGET.bytes - loginBytes} bytes to spare)`,
);
for (const [name, bytes] of Object.entries(FLOOR)) {
  console.log(`     ${(loginBytes / bytes).toFixed(2)}× the floor of ${name} (${kb(bytes)}, recorded)`);
}
if (process.env.SIZE_VERBOSE) for (const f of loginJs) console.log(`     ${kb(gzipped(f)).padStart(8)} ${f}`);

// ---- nothing of a signed-in screen at /login
const privateChunksAtLogin = [...splitChunks]
  .filter(([route]) => route.startsWith(`${PRIVATE_ROUTES}/`) || route === `${PRIVATE_ROUTES}.tsx`)
  .flatMap(([route, files]) => files.filter((f) => loginFiles.has(f)).map((f) => `${route} (${f})`));
/** Modules of the signed-in screens (their -components/ and other helpers) found in /login's files. */
const privateModulesAtLogin = new Set();
for (const file of loginJs) {
  const map = join(DIST, `${file}.map`);
  if (!existsSync(map)) continue;
  for (const source of JSON.parse(readFileSync(map, 'utf8')).sources ?? []) {
    const at = source.indexOf(`${PRIVATE_ROUTES}/`);
    // A route file's own definition is in the route tree by design; what it imports is not.
    if (at >= 0 && /\/-[^/]+\//.test(source.slice(at))) privateModulesAtLogin.add(source.slice(at));
  }
}
report(
  privateChunksAtLogin.length === 0 && privateModulesAtLogin.size === 0,
  `/login loads nothing of a signed-in screen` +
    [...privateChunksAtLogin, ...privateModulesAtLogin].map((what) => `\n       loaded at /login: ${what}`).join(''),
);

// ---- every route's own chunk
const oversized = [...splitChunks]
  .map(([route, files]) => [route, files.reduce((sum, f) => sum + gzipped(f), 0)])
  .filter(([, bytes]) => bytes > ROUTE_CHUNK_BUDGET);
const largest = [...splitChunks].map(([route, files]) => [route, files.reduce((sum, f) => sum + gzipped(f), 0)]).sort((a, b) => b[1] - a[1])[0];
report(
  oversized.length === 0,
  `${splitChunks.size} route chunks each within ${kb(ROUTE_CHUNK_BUDGET)} gzip (largest ${largest[0]}: ${kb(largest[1])})` +
    oversized.map(([route, bytes]) => `\n       ${route}: ${kb(bytes)}`).join(''),
);

// ---- a cold signed-in /home, beyond /login's files
const listed = /<script type="application\/json" id="signed-in-files">(.*?)<\/script>/s.exec(readFileSync(join(DIST, 'index.html'), 'utf8'));
if (!listed) report(false, 'index.html lists no signed-in files (vite.config.ts, signedInFiles)');
else {
  const files = JSON.parse(listed[1]);
  const homeJs = [...new Set([...files.common, files.messages.it.area, ...(files.routes['/home'] ?? [])])].filter((f) => f && !loginFiles.has(f));
  const homeBytes = homeJs.reduce((sum, f) => sum + gzipped(f), 0);
  report(
    files.routes['/home'] && homeBytes <= HOME_BUDGET,
    `/home signed in, cold: ${kb(homeBytes)} gzip in ${homeJs.length} files beyond /login's (budget ${kb(HOME_BUDGET)})`,
  );
  if (process.env.SIZE_VERBOSE) for (const f of homeJs) console.log(`     ${kb(gzipped(f)).padStart(8)} ${f}`);
}

// ---- compiled while they download (vite.config.ts, postBanner): what a first page runs nearly
// whole starts with V8's compile hint; without it those files are compiled on the main thread,
// function by function, as the page runs them.
{
  const HINT = '//# allFunctionsCalledOnLoad';
  const codeOf = (f) => readFileSync(join(DIST, f), 'utf8');
  const signedIn = listed ? JSON.parse(listed[1]) : { common: [], routes: {} };
  const mustHave = [
    ...htmlScripts.filter((f) => !/rolldown-runtime/.test(f)),
    ...signedIn.common.filter((f) => /\/area-/.test(f)),
    ...[...splitChunks.values()].flat(),
  ];
  const missing = [...new Set(mustHave)].filter((f) => !codeOf(f).startsWith(HINT));
  report(missing.length === 0, `${new Set(mustHave).size} files a first page runs whole carry the compile hint` + missing.map((f) => `\n       ${f}`).join(''));
}

// Loaded only after the page's load event (src/pwa.ts), so not part of the budget; shown so it stays visible.
const afterLoad = Object.keys(manifest).filter((k) => k.includes('pwa-register') || k.includes('workbox-window'));
const afterLoadBytes = afterLoad.reduce((sum, k) => sum + gzipped(manifest[k].file), 0);
console.log(`info /login after its load event: service-worker registration ${kb(afterLoadBytes)} gzip (not counted)`);
process.exit(failed ? 1 : 0);
