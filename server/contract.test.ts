import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from './areas';
import { contractChecker, operations } from './contractTesting';
import { auth, CURRENT_YEAR, PREVIOUS_YEAR, startTestServer, studentPath, type TestServer } from './testing';

/** Tags of the core operations; every other operation belongs to an area and is checked there. */
const CORE_TAGS = ['auth', 'studente', 'meta'];
const { expectConforms, uncovered } = contractChecker();

describe('the server honours openapi/portal.yaml', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('login', async () => {
    for (const username of ['genitore.demo', 'studente.demo']) {
      const res = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: username, password: 'Demo.2026!' } });
      expectConforms('login', res);
      tokens[username] = res.json<{ token: string }>().token;
    }
    const wrong = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: 'x', password: 'y' } });
    expectConforms('login', wrong, 401);
    const bad = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { mastercom: 'DEMO01', utente: 'x' } });
    expectConforms('login', bad, 400);
  });

  it('validateToken and refreshToken', async () => {
    const token = tokens['genitore.demo'] as string;
    expectConforms('validateToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1002/', payload: { token } }), 401);
    const validated = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } });
    expectConforms('validateToken', validated);
    // The renewed token replaces the one sent: only it may be refreshed.
    const renewed = validated.json<{ token: string }>().token;
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token: renewed } });
    expectConforms('refreshToken', refreshed);
    tokens['genitore.demo'] = refreshed.json<{ token: string }>().token;
    expectConforms('refreshToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: {} }), 400);
  });

  it('signOut', async () => {
    // Signing out ends every session of the user: not the one whose tokens the later cases use.
    const { token } = await server.login('genitore.bianchi');
    expectConforms('signOut', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/logout/' }), 401);
    const out = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/logout/', headers: auth(token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expectConforms('signOut', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/logout/', headers: auth(token) }), 401);
  });

  it('getLoginConfiguration and getVersion', async () => {
    expectConforms('getLoginConfiguration', await server.app.inject({ url: '/api/v3/mastercom_nextapi/' }));
    expectConforms('getLoginConfiguration', await server.app.inject({ url: '/api/v3/mastercom_nextapi/?mastercom_id=1001' }));
    const version = await server.app.inject({ url: '/version.txt?t=1763716500000' });
    expectConforms('getVersion', version, 200, 'text/plain');
    expect(version.body).toBe('VERSION=1.14.52');
    expect(version.headers['cache-control']).toBe('no-store');
  });

  it('per-student operations, for every seeded student and year', async () => {
    const cases = [
      { token: tokens['genitore.demo'] as string, school: 'DEMO01', id: 501, years: [CURRENT_YEAR, PREVIOUS_YEAR] },
      { token: tokens['genitore.demo'] as string, school: 'DEMO02', id: 502, years: [CURRENT_YEAR] },
      { token: tokens['studente.demo'] as string, school: 'DEMO01', id: 503, years: [CURRENT_YEAR] },
    ];
    for (const { token, school, id, years } of cases) {
      for (const year of years) {
        const get = (rest: string) => server.app.inject({ url: studentPath(school, id, year, rest), headers: auth(token) });
        expectConforms('getStudentInfo', await get('studente/info'));
        expectConforms('getSubjects', await get('materie_nextapi'));
        expectConforms('getUpdates', await get('aggiornamenti_nextapi'));
        const grades = await get('voti_plain');
        expectConforms('getGrades', grades);
        const [newest] = grades.json<{ id_voto: number }[]>();
        if (!newest) throw new Error(`no grades for ${id} ${year}`);
        const ack = await server.app.inject({
          method: 'PUT',
          url: studentPath(school, id, year, `presa_visione_voti/${newest.id_voto}`),
          headers: auth(token),
        });
        expectConforms('acknowledgeGrade', ack);
      }
    }
    const other = await server.app.inject({ url: studentPath('DEMO01', 503, CURRENT_YEAR, 'voti_plain'), headers: auth(tokens['genitore.demo'] as string) });
    expectConforms('getGrades', other, 403);
    const missing = await server.app.inject({
      method: 'PUT',
      url: studentPath('DEMO01', 501, CURRENT_YEAR, 'presa_visione_voti/1'),
      headers: auth(tokens['genitore.demo'] as string),
    });
    expectConforms('acknowledgeGrade', missing, 404);
    expectConforms('getStudentInfo', await server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'studente/info') }), 401);
  });

  it('every core operation was exercised', () => {
    expect(uncovered(...CORE_TAGS)).toEqual([]);
  });

  it('every operation belongs to the core or to a registered area (whose own test covers it)', () => {
    const owners = new Set([...CORE_TAGS, ...AREAS.map((a) => a.name)]);
    const orphans = [...operations.values()].filter((op) => !owners.has(op.tags?.[0] ?? '')).map((op) => op.operationId);
    expect(orphans).toEqual([]);
  });
});
