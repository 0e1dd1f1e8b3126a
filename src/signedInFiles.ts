/** The list of files a signed-in first page needs, written into index.html by the build (vite.config.ts) and read by src/early.ts. */

export interface SignedInFiles {
  /** Every signed-in page: the area's chunk, the query cache, the session's and the student's modules. */
  common: string[];
  /** The messages, by locale and catalog: the area's (every signed-in page) and each feature group's (lingui.config.ts). */
  messages: Record<string, Record<string, string>>;
  /** Each signed-in page's own files, by its path. */
  routes: Record<string, string[]>;
  /** The feature group whose messages each signed-in page needs besides the area's, by its path (none for Home: i18n/locale.ts, pageGroup). */
  groups: Record<string, string>;
  /** The file that names the groups' catalogs (i18n/groupCatalogs.ts), loaded before a group's. */
  groupCatalogs: string;
}

export const SIGNED_IN_FILES_ID = 'signed-in-files';


/** Where src/early.ts leaves its `preloadSignedInFiles` for the app (early.ts imports nothing). */
export const PRELOAD_SIGNED_IN_KEY = Symbol.for('portale-famiglie.preload-signed-in');

/**
 * Asks now, in one wave, for the files the signed-in page at `path` will need (its address, with or
 * without a query), as a cold load of it does: the sign-in page calls it once a parent starts
 * signing in, so that Home's files are not fetched in waves after "Accedi". Does nothing where the
 * first script did not run (a test, a build without the list).
 */
export function preloadSignedIn(path: string): void {
  const preload = (globalThis as Record<symbol, ((path: string) => boolean) | undefined>)[PRELOAD_SIGNED_IN_KEY];
  preload?.(new URL(path, location.origin).pathname);
}
