/**
 * Addresses the server answers itself, which the service worker must never answer with the app's
 * index.html when the browser navigates to them: the API (and its redirects, such as the SPID
 * starts and the identity providers' callback), the deployed-version file, the demo SPID and CIE
 * identity providers (`/idp/<id>/`) and the test hooks. Read by
 * vite.config.ts (the worker's navigateFallbackDenylist).
 */
export const SERVER_PAGES: readonly RegExp[] = [/^\/api(\/|$)/, /^\/version\.txt/, /^\/spid(\/|$)/, /^\/idp(\/|$)/, /^\/__test__\//];

export const isServerPage = (path: string): boolean => SERVER_PAGES.some((p) => p.test(path));
