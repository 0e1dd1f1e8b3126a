/**
 * Calls the page's first script (src/early.ts) started before the app's code arrived, handed to the
 * API client when it makes the same call (same method, address and body): the call is made once,
 * only sooner. That script imports nothing (it must run before the boot file has arrived), so it
 * leaves its calls here, on the page's global object, under this key.
 */
export const EARLY_CALLS_KEY = Symbol.for('portale-famiglie.early-calls');

export interface EarlyCall {
  method: string;
  /** Absolute address, as a `Request` has it. */
  url: string;
  body: string;
  /** The `Authorization` header it was sent with, if any: an answer is only taken for the same one. */
  authorization: string | null;
  response: Promise<Response>;
}

const started = (): EarlyCall[] => ((globalThis as Record<symbol, unknown>)[EARLY_CALLS_KEY] as EarlyCall[] | undefined) ?? [];

const matching = (request: Request, body?: string) =>
  started().findIndex(
    (c) =>
      c.method === request.method &&
      c.url === request.url &&
      c.authorization === request.headers.get('Authorization') &&
      (body === undefined || c.body === body),
  );

/**
 * The answer to an early call identical to `request`, taken once (another identical call goes to
 * the network); null when none was started (or it was sent with another token). `signal` (the client's timeout, the caller's
 * cancellation) still ends the wait.
 */
export async function takeEarlyCall(request: Request, signal?: AbortSignal | null): Promise<Response | null> {
  if (matching(request) < 0) return null;
  const body = await request.clone().text();
  const index = matching(request, body);
  if (index < 0) return null;
  const [call] = started().splice(index, 1);
  if (!signal) return call!.response;
  signal.throwIfAborted();
  return Promise.race([
    call!.response,
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })),
  ]);
}

/** Where src/early.ts leaves its starter of a page's calls after a sign-in. */
export const START_PAGE_CALLS_KEY = Symbol.for('portale-famiglie.start-page-calls');

/** What of the session the starter needs: the sign-in's token, user, open student and the account's students. */
export interface SignedInSession {
  token: string;
  user: { id_utente: number };
  scope: { id_scuola: string; id_studente: number; anno: string };
  students: readonly unknown[];
}

/**
 * Once a sign-in has answered: starts the student's calls, for the session to take, and then those
 * of the page it leads to (`address`, the path with its query), for that page's loader; Home's
 * would otherwise wait for the student's info. Only pages and services src/early.ts lists; nothing
 * where that script did not run (a test, a build without it).
 */
export function startSignedInPageCalls(address: string, session: SignedInSession): void {
  const start = (globalThis as Record<symbol, ((address: string, session: SignedInSession) => void) | undefined>)[START_PAGE_CALLS_KEY];
  start?.(address, session);
}
