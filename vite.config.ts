import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

import pkg from './package.json' with { type: 'json' };
import { SERVER_PAGES } from './src/serverPages';

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
      output: {
        // Everything /login needs in one file (boot). After it, Query's modules in one file: split
        // by the screens that import them, they were half a dozen small requests on every signed-in
        // first page (issue 16: Home's request chain). Then what three or more chunks share (ui
        // parts, rules, calls, machines, Ark UI and what they import) in one file (`shared`), which
        // the first signed-in page loads: left to the default split it was some thirty small chunks
        // arriving in three or four import waves, on the first page and again on each screen's first
        // visit (a screen's own chunk imports its parts, which import theirs).
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 30 },
            {
              name: 'shared',
              test: /src[\\/](ui|domain|api|i18n|machines|routes[\\/]-shared|routes[\\/]-features|routes[\\/]-app)[\\/]|node_modules[\\/](@ark-ui|@zag-js|@floating-ui)[\\/]/,
              minShareCount: 3,
              priority: 15,
            },
            { name: 'query', test: /node_modules[\\/](@tanstack[\\/](query-core|react-query)|openapi-react-query)[\\/]/, priority: 20 },
          ],
        },
      },
    },
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
});
