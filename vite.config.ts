import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

import pkg from './package.json' with { type: 'json' };
import { SERVER_PAGES } from './src/serverPages';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too: they pull in query options and date rules that /login never needs.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
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
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Portale Famiglie',
        short_name: 'Portale Famiglie',
        lang: 'it',
        start_url: '/',
        display: 'standalone',
        theme_color: '#0066CC',
        background_color: '#ffffff',
        // Shipped in public/: nothing is fetched from elsewhere.
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The built app only (fonts are self-hosted, so they are among these); no source maps.
        globPatterns: ['**/*.{js,css,html,svg,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // The API, the deployed-version file (spec §7) and the server's own pages (SPID) must always
        // reach the server, never be answered with the app.
        navigateFallbackDenylist: [...SERVER_PAGES],
        cleanupOutdatedCaches: true,
        // Nothing is cached at run time: no request the app makes is answered from a stale copy.
        runtimeCaching: [],
      },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/version.txt': apiTarget,
      '/spid': apiTarget,
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
        // XState in one file: the session machine needs it at boot, and letting screens' imports
        // split it into pieces only adds overhead to /login (budget 150 KB gzip).
        codeSplitting: { groups: [{ name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/ }] },
      },
    },
    manifest: true,
    sourcemap: true,
    target: 'es2022',
  },
});
