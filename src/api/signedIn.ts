/**
 * What the api layer gives a session once it starts (a sign-in, a reload's validation), never the
 * sign-in page: the query cache, the reader of the session's answers, the first student's calls and
 * the tab sync. The boot file asks for this one module, and the build puts it in the signed-in
 * area's file (`area`, vite.config.ts): one small file to ask for instead of one per module, each
 * queued behind the others on a slow line (docs/ARCHITECTURE.md "Speed").
 */
export { createQueryClient } from './queryClient';
export { toRefreshedToken, toSignIn } from './boundary/session';
export { studentInfoQuery, subjectsQuery, updatesQuery } from './queries/student';
export { createTokenSync } from './tabSync';
