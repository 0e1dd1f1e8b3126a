import { relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * What a CDN would do with the build (README, "Deploying the web app"): Vite names everything under
 * `assets/` after its content, so those files never change and are kept for a year; the files that
 * say which build is current (the page, the service worker and its registration, the manifest,
 * `version.txt`) are revalidated on every use, or an update would never reach the phone.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** `path` relative to the build folder, with `/` separators; a precompressed twin answers for its original. */
export function cacheControlFor(path: string): string {
  const original = path.replace(/\.(br|gz)$/, '');
  // Workbox's runtime (`workbox-<hash>.js`) is also named after its content, outside assets/.
  return original.startsWith('assets/') || /^workbox-[0-9a-f]{8}\.js$/.test(original) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built app. The build writes `.br` and `.gz` twins of every text file (vite.config.ts,
 * `precompress`), so nothing is compressed per request: the best encoding the browser accepts is
 * sent as is, with `Vary: Accept-Encoding`.
 */
export async function registerStaticFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // Ours below, not the plugin's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', cacheControlFor(relative(root, file).split(sep).join('/')));
    },
  });
}

/**
 * A path that names a file (its last segment has an extension: `/favicon.ico`, an old build's
 * `/assets/…js`). Missing, it is a 404, not the app's page: a browser that asked for an icon or a
 * script must not be handed HTML with 200 (no client route has a dot in its last segment).
 */
export const isFilePath = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0]!);

/** The SPA fallback: the client router decides what an unknown path shows. */
/**
 * The sign-in page shows the school's login settings: the browser is told to fetch them with the page,
 * in parallel with its script, rather than once the script has run (/login's LCP is the
 * school's text). Only for /login: other pages do not show them.
 */
const LOGIN_SETTINGS_PRELOAD = '</api/v3/mastercom_nextapi/>; rel=preload; as=fetch; crossorigin=anonymous';

export function sendAppPage(reply: FastifyReply, root: string, path = '') {
  if (path === '/login') reply.header('link', LOGIN_SETTINGS_PRELOAD);
  return reply.code(200).header('cache-control', REVALIDATE).sendFile('index.html', root);
}
