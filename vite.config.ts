import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

import pkg from './package.json' with { type: 'json' };
import { SERVER_PAGES } from './src/serverPages';
import { SIGNED_IN_FILES_ID, type SignedInFiles } from './src/signedInFiles';
import { GROUP_CATALOGS } from './lingui.config';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';

/**
 * Brotli and gzip twins of every text file of the build, written once here at maximum level so the
 * server only picks one (server/staticFiles.ts; README "Deploying the web app"). After the service
 * worker is generated, so it has twins too. Source maps are left alone: only developers fetch them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  return {
    name: 'portale:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir).filter((f) => compressible.test(f))) {
          const raw = readFileSync(file);
          const br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } });
          const gz = gzipSync(raw, { level: 9 });
          // A tiny file can grow when compressed: then the original is what is worth sending.
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * Modules every signed-in first page loads beside its route chunks (the area's layout; the session's
 * check and tab sync, the query cache and the first student's calls, src/api/signedIn.ts; the
 * sections' rules): the page's first script asks for them in one wave. A module renamed or moved
 * fails the build here, not silently.
 */
const SIGNED_IN_MODULES = ['src/routes/_private.tsx', 'src/api/signedIn.ts', 'src/routes/-shared/sectionRules.ts'];
const SIGNED_IN_ROUTES = /^src\/routes\/_private\/(.+)\.tsx$/;
const MESSAGES = /^locales\/(\w+)\/(\w+)\.ts$/;

/** The feature group's catalog a source file's messages are in (lingui.config.ts), if any: the first that lists its folder. */
function catalogOfFile(file: string): string | undefined {
  return Object.entries(GROUP_CATALOGS).find(([, folders]) => folders.some((folder) => file.startsWith(`${folder}/`)))?.[0];
}

/**
 * The address of a route file of the signed-in area (`(home)/home` → `/home`,
 * `(payments)/carrello_.pagamento` → `/carrello/pagamento`), or null for one with a parameter.
 * Each is one level under `_private` (no layout of its own), so its page is the area plus its chunk.
 */
function routeAddress(file: string): string | null {
  const segments = file.split('/').flatMap((s) => s.split('.')).filter((s) => !/^\(.*\)$/.test(s) && s !== 'index');
  if (segments.some((s) => s.startsWith('$') || s.startsWith('-'))) return null;
  return `/${segments.map((s) => s.replace(/_$/, '')).join('/')}`;
}

/**
 * Writes into index.html the files a signed-in first page needs (src/early.ts reads them and asks
 * for them at once, with a saved session only) and adds that script before the boot file. Without
 * it, those files arrived in four waves, each discovered once the previous one had run (Home's
 * request chain, docs/ARCHITECTURE.md "Speed"). index.html is revalidated on every use, so the list
 * always names the current build's files.
 */
/** A module's file from the project's root, with `/` (`src/routes/_private.tsx`), whatever query it carries. */
const sourceOf = (root: string, id: string) => id.split('?')[0]!.slice(root.length + 1).split(sep).join('/');

function signedInFiles(): Plugin {
  let root = process.cwd();
  return {
    name: 'portale:signed-in-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const source = (id: string) => sourceOf(root, id);
        const closure = (start: string[], skip: Set<string> = new Set()) => {
          const seen = new Set<string>();
          const walk = (file: string) => {
            if (seen.has(file) || skip.has(file)) return;
            seen.add(file);
            byFile.get(file)!.imports.forEach(walk);
          };
          start.forEach(walk);
          return seen;
        };
        const early = chunks.find((c) => c.isEntry && c.name === 'early');
        if (!early || !ctx.chunk || early.imports.length) throw new Error(`signedInFiles: the early entry must be one file, importing nothing (${early?.imports.join(', ')})`);
        const loaded = closure([ctx.chunk.fileName, early.fileName]);
        const chunkOf = (module: string) => {
          // A module imported dynamically has a chunk of its own (perhaps only re-exporting `shared`).
          const chunk =
            chunks.find((c) => c.facadeModuleId && source(c.facadeModuleId) === module) ??
            chunks.find((c) => c.moduleIds.some((id) => source(id) === module));
          if (!chunk) throw new Error(`signedInFiles: ${module} is in no chunk`);
          return chunk.fileName;
        };
        const common = closure(SIGNED_IN_MODULES.map(chunkOf), loaded);
        const skip = new Set([...loaded, ...common]);
        const files: SignedInFiles = { common: [...common], messages: {}, routes: {}, groups: {}, groupCatalogs: chunkOf('src/i18n/groupCatalogs.ts') };
        for (const chunk of chunks) {
          const module = chunk.facadeModuleId ? source(chunk.facadeModuleId) : '';
          const messages = MESSAGES.exec(module);
          if (messages && messages[2] !== 'boot') files.messages[messages[1]!] = { ...files.messages[messages[1]!], [messages[2]!]: chunk.fileName };
          const route = chunk.facadeModuleId?.includes('?tsr-split=') ? SIGNED_IN_ROUTES.exec(module) : null;
          const address = route && routeAddress(route[1]!);
          if (!address) continue;
          files.routes[address] = [...closure([chunk.fileName], skip)];
          const group = catalogOfFile(module);
          if (group) files.groups[address] = group;
        }
        const italian = files.messages.it;
        if (!files.routes['/home'] || !italian?.area || Object.keys(GROUP_CATALOGS).some((group) => !italian[group])) {
          throw new Error('signedInFiles: no Home chunk, or no Italian messages of the area or of a feature group');
        }
        // Right after the title, before the boot file's tags: the first script is asked for first
        // (and the charset stays in the page's first bytes). The list is a data block, not a script:
        // nothing runs from it (the CSP allows no inline script).
        const tags =
          `<script type="application/json" id="${SIGNED_IN_FILES_ID}">${JSON.stringify(files)}</script>\n` +
          `    <script type="module" async crossorigin src="/${early.fileName}"></script>`;
        if (!html.includes('</title>')) throw new Error('signedInFiles: index.html has no title to place the first script after');
        return html.replace('</title>', `</title>\n    ${tags}`);
      },
    },
  };
}

/**
 * The ids of a compiled catalog (`locales/it/<name>.ts`, written by `lingui compile` before the
 * build: a JSON string of id → message).
 */
function catalogIds(root: string, name: string): Set<string> {
  const compiled = readFileSync(join(root, 'locales', 'it', `${name}.ts`), 'utf8');
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(compiled)?.[1];
  if (!literal) throw new Error(`catalogMessages: locales/it/${name}.ts is not a compiled catalog`);
  return new Set(Object.keys(JSON.parse(JSON.parse(literal) as string) as object));
}

/**
 * Fails the build when a module uses a message of a catalog its page does not load (the message
 * would show as its id): a module a cold Home runs, or may load before any route change (the menus,
 * the dialogs, the Novità badge), a message of a feature group's catalog; a module of a feature
 * group's pages, a message of another group's only (lingui.config.ts, GROUP_CATALOGS). Home's walk
 * starts from its and the area's static graph (firstPageGraph), a group's from the modules in its
 * folders; each follows static and dynamic imports, except into other pages' route modules and the
 * catalogs.
 */
function catalogMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'portale:catalog-messages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_, bundle) {
      const source = (id: string) => sourceOf(root, id);
      const code = new Map<string, string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') for (const [id, module] of Object.entries(chunk.modules)) code.set(id, module.code ?? '');
      }
      const walk = (start: Iterable<string>, ownRoute: (module: string) => boolean) => {
        const seen = new Set<string>();
        const queue = [...start];
        while (queue.length) {
          const id = queue.pop()!;
          const module = source(id);
          if (seen.has(id) || MESSAGES.test(module) || (id.includes('?tsr-split=') && !ownRoute(module))) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          queue.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
        }
        return seen;
      };
      const shown = new Set([...catalogIds(root, 'boot'), ...catalogIds(root, 'area')]);
      const groups = new Map(Object.keys(GROUP_CATALOGS).map((name) => [name, catalogIds(root, name)]));
      const inSomeGroup = (message: string) => [...groups.values()].some((ids) => ids.has(message));
      const wrongIn = (modules: Set<string>, allowed: Set<string>) =>
        [...modules].flatMap((id) =>
          [...(code.get(id) ?? '').matchAll(/\bid:\s*[`"']([^`"']{6})[`"']/g)]
            .map((m) => m[1]!)
            .filter((message) => inSomeGroup(message) && !shown.has(message) && !allowed.has(message))
            .map((message) => `${message} in ${source(id)}`),
        );

      const home = walk(firstPageModules, (module) => FIRST_PAGE_ROOTS.includes(module));
      if (![...home].some((id) => HOME_MODULES.test(id) && code.get(id))) throw new Error('catalogMessages: found no code of Home to check');
      const wrong = wrongIn(home, new Set());
      if (wrong.length) throw new Error(`catalogMessages: modules a cold Home runs use messages of a feature group's catalog (add them to AREA, lingui.config.ts): ${wrong.join(', ')}`);

      for (const [name, folders] of Object.entries(GROUP_CATALOGS)) {
        const inGroup = (module: string) => folders.some((folder) => module.startsWith(`${folder}/`));
        const start = [...this.getModuleIds()].filter((id) => inGroup(source(id)));
        if (!start.length) throw new Error(`catalogMessages: no module of the ${name} catalog's folders is in the build`);
        const wrongOfGroup = wrongIn(walk(start, inGroup), groups.get(name)!);
        if (wrongOfGroup.length) {
          throw new Error(`catalogMessages: modules of the ${name} pages use messages of another group's catalog (move what both use to a folder both list, or to AREA): ${wrongOfGroup.join(', ')}`);
        }
      }
    },
  };
}

const WIDGET_LIBRARIES = /node_modules[\\/](@ark-ui|@zag-js|@floating-ui|dompurify)[\\/]/;
/**
 * The widget libraries in a few files by what needs them, so a screen loads the widgets it shows and
 * not every other's: a cold /voti (tabs, a dialog per grade, the school's HTML) fetched the menus',
 * the recipient picker's and Floating UI's code with them, some 20 KB (brotli) before its first
 * paint. The menus (with Floating UI, which places them) load once the first page is idle anyway
 * (ui/Menu.tsx); the recipient picker only where a message is written; DOMPurify where the school's
 * HTML shows. The rest (zag's core and React binding, Ark's helpers, tabs, dialogs and sheets) is
 * `widgets`: split further, a screen that shows tabs and a dialog would wait for one more file for
 * a few KB. `widgets` is grouped first: a group takes what its modules import, and the first of the
 * others to be grouped would take the core; then in the array's order, the menus before the picker,
 * which would take Floating UI.
 */
const WIDGET_GROUPS = [
  { name: 'sanitizer', test: /node_modules[\\/]dompurify[\\/]/ },
  { name: 'menus', test: /node_modules[\\/](@zag-js[\\/](menu|popper|rect-utils)|@floating-ui[\\/][^\\/]+|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/]menu)[\\/]/ },
  { name: 'picker', test: /node_modules[\\/](@zag-js[\\/](combobox|collection|live-region)|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/](combobox|collection|field))[\\/]/ },
] as const;
const SHARED_PARTS = /src[\\/](ui|domain|api|i18n|machines|routes[\\/]-shared|routes[\\/]-features|routes[\\/]-app)[\\/]/;

/**
 * The modules that need the widget libraries (Ark UI and zag for menus, dialogs, tabs and sheets;
 * Floating UI; DOMPurify), found in the module graph once it is complete: the libraries and every
 * shared part that imports them, directly or through another. The libraries go into chunks of
 * their own (`widgets` and WIDGET_GROUPS) and those parts are kept out of `area` and `parts`, so a
 * page loads them only if it shows one: a part that imported them inside those would make every
 * signed-in first page download and run them (Home shows none; the top bar's menus and the password
 * dialog load after the first page: ui/Menu.tsx, routes/-app/UserMenu.tsx).
 */
const widgetModules = new Set<string>();
const isWidgetModule = (id: string) => widgetModules.has(id) || widgetModules.has(id.split('?')[0]!);
function widgetGraph(): Plugin {
  return {
    name: 'portale:widget-graph',
    apply: 'build',
    buildEnd() {
      widgetModules.clear();
      const importers = new Map<string, string[]>();
      for (const id of this.getModuleIds()) {
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) importers.set(imported, [...(importers.get(imported) ?? []), id]);
      }
      const queue = [...this.getModuleIds()].filter((id) => WIDGET_LIBRARIES.test(id));
      while (queue.length) {
        const id = queue.pop()!;
        if (widgetModules.has(id)) continue;
        widgetModules.add(id);
        // Static importers only: a dynamic import (ui/Menu.tsx's) is where the widgets may wait.
        for (const importer of importers.get(id) ?? []) if (WIDGET_LIBRARIES.test(importer) || SHARED_PARTS.test(importer)) queue.push(importer);
      }
    },
  };
}

/**
 * The modules the first signed-in page statically needs: the signed-in area's (SIGNED_IN_MODULES)
 * and Home's, the page a sign-in lands on, with all they import. Except Home's own (HOME_MODULES,
 * its chunk), they go into `area`, one file every signed-in first page loads; of the other parts,
 * what three or more chunks share (tables, filters, payments, threads…) goes into `parts`, which a
 * screen that needs them loads with its own chunk. In one file with the area's, Home's first load
 * carried some 15 KB (gzip) of other screens' code.
 */
const HOME_MODULES = /src[\\/]routes[\\/]_private[\\/]\(home\)[\\/]/;
const FIRST_PAGE_ROOTS = [...SIGNED_IN_MODULES, 'src/routes/_private/(home)/home.tsx'];
const firstPageModules = new Set<string>();
const isFirstPageModule = (id: string) => firstPageModules.has(id);
function firstPageGraph(): Plugin {
  let root = process.cwd();
  return {
    name: 'portale:first-page-graph',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      firstPageModules.clear();
      const source = (id: string) => sourceOf(root, id);
      const queue = [...this.getModuleIds()].filter((id) => FIRST_PAGE_ROOTS.includes(source(id)));
      for (const module of FIRST_PAGE_ROOTS) {
        if (!queue.some((id) => source(id) === module)) throw new Error(`firstPageGraph: ${module} is not in the build`);
      }
      while (queue.length) {
        const id = queue.pop()!;
        if (firstPageModules.has(id)) continue;
        firstPageModules.add(id);
        // Static imports only: what the page imports dynamically may wait.
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/** V8's magic comment: compile every function of this file eagerly (see `postBanner` below). */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';
const COMPILED_ON_LOAD = /^(boot|area|early)$/;
/** The message catalogues (locales/, some named like the chunks they serve) hold no functions. */
const isMessages = (facade: string | null) => !!facade && /[\\/]locales[\\/]/.test(facade);
/** A screen's own chunk: its route file's split part (component and loader), which its first visit runs. */
const isScreenChunk = (facade: string | null) => !!facade && facade.includes('?tsr-split=');

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they pull in query options and date rules that /login never needs.
      codeSplittingOptions: {
        // One chunk per screen (its loader and its component arrive in one request, in parallel
        // with nothing else to wait for). The error component stays with the route definition: it is
        // the shared RouteError, already loaded, and must show even when the screen's chunk fails.
        defaultBehavior: [['loader', 'component', 'notFoundComponent', 'pendingComponent']],
        splitBehavior: ({ routeId }) => (routeId === '/(auth)/login' ? [] : undefined),
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // Prompt mode: a new build waits until the person reloads from the update banner (src/pwa.ts
    // registers it, only in production and never under automation).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Portale Famiglie',
        short_name: 'Portale Famiglie',
        description: 'Voti, assenze, compiti e comunicazioni della scuola, per famiglie e studenti',
        lang: 'it',
        // The index route sends a signed-in tab to Home and any other to the sign-in page.
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0066CC',
        background_color: '#ffffff',
        // Shipped in public/ (the PNGs drawn from icon.svg by scripts/make-icons.mjs): nothing is
        // fetched from elsewhere. The maskable one keeps its mark inside the launchers' safe zone.
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the home-screen icon (Android, desktop): straight to what is new for every
        // child, then the three screens parents open most. A tab that is not signed in goes through
        // the sign-in page first.
        shortcuts: [
          { name: 'Novità', url: '/novita', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Voti', url: '/voti', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Compiti', url: '/compiti', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Assenze', url: '/assenze', icons: [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
      workbox: {
        // The built app only (fonts are self-hosted, so they are among these); no source maps.
        globPatterns: ['**/*.{js,css,html,svg,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // The API, the deployed-version file (spec §7) and the server's own pages (SPID) must always
        // reach the server, never be answered with the app.
        navigateFallbackDenylist: [...SERVER_PAGES],
        cleanupOutdatedCaches: true,
        // The push and notification-click handlers (public/push-sw.js, docs/ARCHITECTURE.md "Notices").
        importScripts: ['/push-sw.js'],
        // Nothing is cached at run time: no request the app makes is answered from a stale copy.
        runtimeCaching: [],
      },
    }),
    signedInFiles(),
    widgetGraph(),
    firstPageGraph(),
    catalogMessages(),
    precompress(),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the shim's fallback for React 17 is dead weight at /login.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/version.txt': apiTarget,
      '/spid': apiTarget,
      // The demo identity providers (PUBLIC_ORIGIN of the dev server is this origin: see package.json).
      '/idp': apiTarget,
    },
  },
  build: {
    // No preload lists: Vite would repeat every lazy screen's whole dependency list as strings in
    // each route chunk that /login loads (~1 KB gzip per screen). A screen's chunk still fetches its
    // imports in parallel, and the router preloads screens on hover and focus.
    modulePreload: false,
    // One stylesheet for the whole portal (a few KB gzip): route chunks then carry no lists of CSS
    // files to load, and no screen ever renders before its styles.
    cssCodeSplit: false,
    rolldownOptions: {
      // The page's first script is an entry of its own (injected into index.html by signedInFiles).
      input: { index: resolve(import.meta.dirname, 'index.html'), early: resolve(import.meta.dirname, 'src/early.ts') },
      output: {
        // Chrome's compile hint (V8's explicit compile hints, Chrome 136 and later; other browsers
        // read a comment): the files a first page runs nearly whole are compiled at once, on a
        // background thread while they download, not function by function on the main thread as
        // each is first called. That was some 190 ms of a cold Home's main thread before its first
        // paint (README "Budgets"). Only those files: the boot file, the signed-in area, the page's
        // first script and each screen's own chunk; not the shared parts, the widgets or the
        // messages, of which a page runs a little.
        postBanner: (chunk) =>
          (COMPILED_ON_LOAD.test(chunk.name) || isScreenChunk(chunk.facadeModuleId)) && !isMessages(chunk.facadeModuleId) ? ALL_FUNCTIONS_CALLED_ON_LOAD : '',
        // Everything /login needs in one file (boot). Everything else a signed-in first page runs
        // before its screen's own chunk in one file (`area`): split by the screens that import them,
        // Query's modules and the shared parts were some thirty small chunks arriving in import
        // waves, then a dozen files that an HTTP/1.1 connection limit of six still queued in waves
        // (Home's request chain, docs/ARCHITECTURE.md "Speed"). Then the widget libraries and the
        // parts that need them (`widgets`, above), and what three or more other chunks share
        // (`parts`), loaded with the first screen that needs them.
        codeSplitting: {
          groups: [
            // Not the page's first script (src/early.ts): an entry of its own, it stays one small file.
            { name: 'boot', tags: ['$initial'], test: (id: string) => !/src[\\/]early\.ts$/.test(id), priority: 30 },
            // What every signed-in first page runs before its screen: the area (layout, session, tab
            // sync, the query cache and Query itself, the first student's calls, the sections' rules)
            // and the shared parts Home imports, in one file. Home's own modules keep their chunk.
            { name: 'area', test: (id: string) => isFirstPageModule(id) && !isWidgetModule(id) && !HOME_MODULES.test(id), priority: 25 },
            // The shared parts the first page does not need (firstPageGraph) and that need no widget
            // library (widgetGraph); the libraries in a chunk of their own. The parts that need them
            // stay with the screens (or the few chunks) that use them: a group takes what its modules
            // import, so a group of those parts would take modules the first page needs too.
            { name: 'parts', test: (id: string) => SHARED_PARTS.test(id) && !isWidgetModule(id), minShareCount: 3, priority: 14 },
            { name: 'widgets', test: (id: string) => WIDGET_LIBRARIES.test(id) && !WIDGET_GROUPS.some((group) => group.test.test(id)), priority: 16 },
            ...WIDGET_GROUPS.map((group, i) => ({ ...group, priority: 15 - i / 10 })),
          ],
        },
      },
    },
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
});
