/**
 * The two floors (bench/floor/README.md): `FLOOR=router` or `FLOOR=stack`, built with the portal's
 * Vite, plugins and lock-file versions into `dist-floor/<floor>/`, precompressed as the portal's
 * build is, so the reference server serves them as it serves the portal. Never part of the shipped
 * app: only `npm run bench:floor` builds them.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import portal, { precompress } from '../../vite.config';

export const FLOORS = ['router', 'stack'];
const floor = process.env.FLOOR ?? 'router';
if (!FLOORS.includes(floor)) throw new Error(`FLOOR=${floor}: one of ${FLOORS.join(', ')}`);

export default defineConfig({
  root: fileURLToPath(new URL(`./${floor}/`, import.meta.url)),
  publicDir: false,
  plugins: [react(), precompress()],
  // The portal's aliases (React 19 needs no useSyncExternalStore shim): the floors pay what it pays.
  resolve: portal.resolve,
  build: {
    outDir: fileURLToPath(new URL(`../../dist-floor/${floor}/`, import.meta.url)),
    emptyOutDir: true,
    target: portal.build?.target,
    modulePreload: portal.build?.modulePreload,
  },
});
