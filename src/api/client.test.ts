import { describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_TIMEOUT_MS, createApi, isWrite, timedFetch, type AuthBridge } from './client';

const GRADES = '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/voti_plain' as const;
const params = { path: { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' } };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake backend: accepts only `JWT <valid>` and counts refreshes. */
function setup(initialToken = 'old') {
  let token: string | null = initialToken;
  let valid = 'new';
  const seen: string[] = [];
  const refresh = vi.fn<AuthBridge['refresh']>(async () => {
    await new Promise((r) => setTimeout(r, 5));
    token = valid;
    return valid;
  });
  const auth: AuthBridge = { getToken: () => token, refresh };
  const refused: Response[] = [];
  const fetchImpl = vi.fn(async (req: Request) => {
    const header = req.headers.get('Authorization') ?? '';
    seen.push(header);
    if (header !== `JWT ${valid}`) {
      const response = json(401, { detail: 'Sessione scaduta', error: 'unauthorized' });
      refused.push(response);
      return response;
    }
    return json(200, []);
  });
  const api = createApi(auth, { baseUrl: 'http://test', fetch: fetchImpl as unknown as typeof fetch });
  return { api, refresh, seen, refused, fetchImpl, setValid: (v: string) => (valid = v), setToken: (v: string | null) => (token = v) };
}

describe('api client', () => {
  it('sends the token with the JWT scheme word', async () => {
    const { api, seen } = setup('new');
    await api.client.GET(GRADES, { params });
    expect(seen).toEqual(['JWT new']);
  });

  it('shares one refresh among concurrent 401s and retries each call once', async () => {
    const { api, refresh, seen } = setup('old');
    const results = await Promise.all([1, 2, 3].map(() => api.client.GET(GRADES, { params })));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(results.every((r) => Array.isArray(r.data))).toBe(true);
    expect(seen.filter((h) => h === 'JWT old')).toHaveLength(3);
    expect(seen.filter((h) => h === 'JWT new')).toHaveLength(3);
  });

  it('lets go of each refused answer it retries, so that the call it belongs to ends', async () => {
    const { api, refused } = setup('old');
    await Promise.all([1, 2].map(() => api.client.GET(GRADES, { params })));
    expect(refused).toHaveLength(2);
    // An unread body keeps the browser's request open; a cancelled one is "used".
    expect(refused.every((r) => r.bodyUsed)).toBe(true);
  });

  it('turns a failure into an ApiError with status and the server detail', async () => {
    const { api, refresh, setValid } = setup('new');
    setValid('never');
    refresh.mockResolvedValueOnce(null);
    const error = await api.client.GET(GRADES, { params }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Sessione scaduta', code: 'unauthorized' });
  });

  it('never adds the token or refreshes on public calls', async () => {
    const { api, refresh, seen } = setup('old');
    const error = await api.client
      .POST('/api/v4/utenti/login/', { body: { mastercom: 'DEMO01', utente: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(seen).toEqual(['']);
    expect(refresh).not.toHaveBeenCalled();
    expect(error).toMatchObject({ status: 401 });
  });

  it('sends the session on the calls under /api/v4/utenti/ that need one', async () => {
    const { api, seen } = setup('new');
    await api.client
      .PUT('/api/v4/utenti/{id_scuola}/aggiorna_password', {
        params: { path: { id_scuola: 'DEMO01' } },
        body: { old_password: 'a', new_password: 'b' },
      })
      .catch(() => undefined);
    await api.client.POST('/api/v4/utenti/{id_utente}/', { params: { path: { id_utente: 1001 } }, body: { token: 't' } }).catch(() => undefined);
    expect(seen).toEqual(['JWT new', '']);
  });

  it('reports a network failure as status 0', async () => {
    const auth: AuthBridge = { getToken: () => 't', refresh: async () => null };
    const api = createApi(auth, { baseUrl: 'http://test', fetch: (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch });
    const error = await api.client.GET(GRADES, { params }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });
});

describe('api client: timeout and offline', () => {
  const okFetch = () =>
    vi.fn(async (_req: Request, _init?: RequestInit) => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const auth: AuthBridge = { getToken: () => 'tok', refresh: async () => null };

  it('gives every call a timeout signal, and a timed-out call is an ApiError "timeout" (status 0)', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn(
        (_req: Request, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
      );
      const api = createApi(auth, { baseUrl: 'http://test', fetch: fetchImpl as unknown as typeof fetch });
      const call = api.client.GET(GRADES, { params }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(CLIENT_TIMEOUT_MS + 10);
      const error = await call;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, code: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("still cancels when the caller's signal aborts", async () => {
    const base = vi.fn(
      (_req: Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error))),
    );
    const controller = new AbortController();
    const call = timedFetch(base)(new Request('http://test/x'), { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('gone', 'AbortError'));
    const error = await call;
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('refuses a write while offline without sending it, and still sends reads', async () => {
    const fetchImpl = okFetch();
    const api = createApi(auth, { baseUrl: 'http://test', fetch: fetchImpl as unknown as typeof fetch });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const write = await api.client
        .PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/giustificazioni/{id}', {
          params: { path: { ...params.path, id: 1 } },
          body: { motivazione: 'SAL', testo: 'x' } as never,
        })
        .catch((e: unknown) => e);
      expect(write).toMatchObject({ status: 0, code: 'offline' });
      expect(fetchImpl).not.toHaveBeenCalled();
      await api.client.GET(GRADES, { params });
      expect(fetchImpl).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(isWrite('POST') && isWrite('patch') && !isWrite('GET')).toBe(true);
  });

  it('maps a dropped connection to status 0 "network"', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApi(auth, { baseUrl: 'http://test', fetch: fetchImpl as unknown as typeof fetch });
    await expect(api.client.GET(GRADES, { params })).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
