import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, type AuthBridge } from './client';

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
