import { afterEach, describe, expect, it, vi } from 'vitest';
import { realLogin } from '../boundary/realAnswers.fixture';

/** What the client sends, seen by a fake backend that answers with the real login's shape. */
async function signInRequests(call: (m: typeof import('./session')) => Promise<unknown>) {
  const seen: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      seen.push({ method: req.method, path: new URL(req.url).pathname, body: await req.json() });
      return new Response(JSON.stringify(realLogin), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  vi.resetModules();
  const answer = await call(await import('./session'));
  return { seen, answer };
}

describe('sign-in requests, in the real backend dialect', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the school, the user code and the password as {mastercom, utente, password}, nothing else', async () => {
    const { seen, answer } = await signInRequests((m) => m.login('galilei-cr', 'genitore.demo', 'Segreta.1'));
    expect(seen).toEqual([
      { method: 'POST', path: '/api/v4/utenti/login/', body: { mastercom: 'galilei-cr', utente: 'genitore.demo', password: 'Segreta.1' } },
    ]);
    expect(answer).toMatchObject({ token: realLogin.token, mastercomId: 'galilei-cr' });
  });

  it('exchanges a SPID or CIE code at its own call, with the verifier of the tab', async () => {
    for (const method of ['spid', 'cie'] as const) {
      const { seen } = await signInRequests((m) => m.loginWithIdentity(method, 'codice', 'verificatore'));
      expect(seen).toEqual([{ method: 'POST', path: `/api/v4/utenti/${method}/`, body: { codice: 'codice', verificatore: 'verificatore' } }]);
    }
  });

  it('starts SPID at the chosen provider and CIE at its own start, coming back to a path of the portal', async () => {
    const { providerStartAddress } = await import('./session');
    expect(providerStartAddress({ method: 'spid', idp: 'posteid', returnTo: '/login?redirect=%2Fvoti' }, 'sfida')).toBe(
      '/api/v4/utenti/spid/inizio?idp=posteid&ritorno=%2Flogin%3Fredirect%3D%252Fvoti&sfida=sfida',
    );
    expect(providerStartAddress({ method: 'cie' }, 'sfida')).toBe('/api/v4/utenti/cie/inizio?ritorno=%2Flogin&sfida=sfida');
  });
});
