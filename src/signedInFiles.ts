/** The list of files a signed-in first page needs, written into index.html by the build (vite.config.ts) and read by src/early.ts. */

export interface SignedInFiles {
  /** Every signed-in page: the area's chunk, the query cache, the session's and the student's modules. */
  common: string[];
  /** The screens' messages, by locale. */
  screens: Record<string, string>;
  /** Each signed-in page's own files, by its path. */
  routes: Record<string, string[]>;
}

export const SIGNED_IN_FILES_ID = 'signed-in-files';

