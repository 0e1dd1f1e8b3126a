import createFetchClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';
import { NETWORK_ERROR_STATUS, OFFLINE_CODE, TIMEOUT_CODE } from '../domain/failure';

export type Schemas = components['schemas'];

/** A failed call: HTTP status plus what the server said (`detail`, `error`), per the contract's Error schema. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;
  readonly code: string | null;
  /** `Retry-After` in seconds, when the server said when to try again. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, detail: string | null, code: string | null, retryAfterSeconds: number | null = null) {
    super(detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}


/** Every call's client timeout, in milliseconds (README "Reliability"): no spinner lasts longer. */
export const CLIENT_TIMEOUT_MS = 15_000;
/** A call that sends files (multipart) is given longer: an upload on a slow line is not a hang. */
export const UPLOAD_TIMEOUT_MS = 60_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isWrite = (method: string) => !READ_METHODS.has(method.toUpperCase());

/** The browser says it has no network (`navigator.onLine`); outside a browser it is never offline. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The refusal of a write while offline: never sent, so nothing happened on the server. */
export const offlineError = () => new ApiError(NETWORK_ERROR_STATUS, null, OFFLINE_CODE);

/** What a failed fetch becomes: a timeout and a cancellation stay what they are, anything else is "no answer". */
function networkError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') return new ApiError(NETWORK_ERROR_STATUS, null, TIMEOUT_CODE);
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new ApiError(NETWORK_ERROR_STATUS, null, 'network');
}

/**
 * The client's fetch: every call ends within its timeout (beside the caller's own signal, which
 * still cancels it), uploads within a longer one. The timeout covers the answer's headers; the
 * body of an answer is read by openapi-fetch once they have come.
 */
export function timedFetch(base: (request: Request, init?: RequestInit) => Promise<Response>) {
  return async (request: Request, init?: RequestInit): Promise<Response> => {
    const upload = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
    const caller = init?.signal ?? request.signal;
    const controller = new AbortController();
    const cancel = () => controller.abort(caller?.reason);
    if (caller?.aborted) cancel();
    else caller?.addEventListener('abort', cancel, { once: true });
    const timer = setTimeout(
      () => controller.abort(new DOMException('The call took longer than the client waits', 'TimeoutError')),
      upload ? UPLOAD_TIMEOUT_MS : CLIENT_TIMEOUT_MS,
    );
    try {
      return await base(request, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', cancel);
    }
  };
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

async function toApiError(response: Response): Promise<ApiError> {
  let detail: string | null = null;
  let code: string | null = null;
  try {
    const body = (await response.clone().json()) as Partial<Schemas['Error']>;
    detail = typeof body.detail === 'string' ? body.detail : null;
    code = typeof body.error === 'string' ? body.error : null;
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone has to do.
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  return new ApiError(response.status, detail, code, Number.isInteger(retryAfter) && retryAfter >= 0 ? retryAfter : null);
}

/** What the client needs from whoever owns the session (the session machine). */
export interface AuthBridge {
  getToken(): string | null;
  /** Obtain a new token; resolves null when the session cannot be renewed. */
  refresh(expiredToken: string): Promise<string | null>;
}

/**
 * Calls that carry no session and must never trigger a refresh: the ways in (password, token
 * validation, refresh, SPID, mobile code), the school's login settings and the version file.
 * Everything else under /api/v4/utenti/ (changing the password, issuing a mobile code) needs it.
 */
const PUBLIC_PATHS = [
  /^\/api\/v4\/utenti\/(login|spid|mobile\/sessione|\d+|\d+\/refresh-token)\/$/,
  /^\/api\/v4\/utenti\/spid\/inizio$/,
  /^\/api\/v3\/mastercom_nextapi\/$/,
  /^\/version\.txt$/,
];
const isPublic = (url: string) => {
  const path = new URL(url).pathname;
  return PUBLIC_PATHS.some((p) => p.test(path));
};

export function authMiddleware(auth: AuthBridge): Middleware {
  let refreshing: Promise<string | null> | null = null;
  const sentWith = new WeakMap<Request, { token: string; retry: Request }>();

  /** Concurrent 401s share one refresh; a request sent with an already replaced token just retries. */
  const renew = (expired: string): Promise<string | null> => {
    const current = auth.getToken();
    if (current && current !== expired) return Promise.resolve(current);
    refreshing ??= auth.refresh(expired).finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    onRequest({ request }) {
      // Offline, a write is refused at once with its own message instead of waiting on a dead line
      // (README "Reliability"); reads are held by the query client until the network is back.
      if (isWrite(request.method) && isOffline()) throw offlineError();
      const token = auth.getToken();
      if (!token || isPublic(request.url)) return request;
      request.headers.set('Authorization', `JWT ${token}`);
      sentWith.set(request, { token, retry: request.clone() });
      return request;
    },
    async onResponse({ request, response, options }) {
      const sent = sentWith.get(request);
      if (response.status === 401 && sent) {
        const token = await renew(sent.token);
        if (token) {
          // The refused answer is dropped unread: cancel its body, or the browser keeps the call open
          // (never finished, its connection held) until the response happens to be collected.
          await response.body?.cancel().catch(() => undefined);
          sent.retry.headers.set('Authorization', `JWT ${token}`);
          // Called unbound: a browser's fetch throws "Illegal invocation" when `this` is another object.
          const send = options.fetch;
          const retried = await send(sent.retry).catch((error: unknown) => {
            throw networkError(error);
          });
          if (!retried.ok) throw await toApiError(retried);
          return retried;
        }
      }
      if (!response.ok) throw await toApiError(response);
      return response;
    },
    onError({ error }) {
      return networkError(error);
    },
  };
}

export function createApi(auth: AuthBridge, opts: { baseUrl?: string; fetch?: typeof fetch } = {}) {
  const base = opts.fetch ?? ((request: Request, init?: RequestInit) => globalThis.fetch(request, init));
  const client = createFetchClient<paths>({
    baseUrl: opts.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin),
    fetch: timedFetch(base as (request: Request, init?: RequestInit) => Promise<Response>),
  });
  client.use(authMiddleware(auth));
  return { client };
}

export type Api = ReturnType<typeof createApi>;
