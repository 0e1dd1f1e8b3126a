import createFetchClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

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

/** Network failure (no HTTP answer at all) is reported as status 0. */
export const NETWORK_ERROR_STATUS = 0;

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
          const retried = await send(sent.retry);
          if (!retried.ok) throw await toApiError(retried);
          return retried;
        }
      }
      if (!response.ok) throw await toApiError(response);
      return response;
    },
    onError({ error }) {
      if (error instanceof ApiError) return error;
      if (error instanceof DOMException && error.name === 'AbortError') return error;
      return new ApiError(NETWORK_ERROR_STATUS, null, 'network');
    },
  };
}

export function createApi(auth: AuthBridge, opts: { baseUrl?: string; fetch?: typeof fetch } = {}) {
  const client = createFetchClient<paths>({
    baseUrl: opts.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  client.use(authMiddleware(auth));
  return { client };
}

export type Api = ReturnType<typeof createApi>;
