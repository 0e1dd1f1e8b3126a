import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PATH } from './paths';
import { auth, CURRENT_YEAR, PREVIOUS_YEAR, startTestServer, studentPath, type TestServer } from './testing';

interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
}

const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;
const SPEC_ID = 'https://portale-famiglie.example/openapi/portal.yaml';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } });

/** Local `#/components/...` refs of an inline schema, pointed at the loaded document. */
function compile(schema: unknown): ValidateFunction {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SPEC_ID}#/components/`)));
}

const operations = new Map<string, Operation>();
for (const methods of Object.values(spec.paths)) {
  for (const op of Object.values(methods)) if (op.operationId) operations.set(op.operationId, op);
}

function responseSchema(operationId: string, status: number, contentType = 'application/json'): ValidateFunction {
  const op = operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  let response = op.responses[String(status)];
  const ref = response?.$ref?.replace('#/components/responses/', '');
  if (ref) response = spec.components.responses[ref];
  const schema = response?.content?.[contentType]?.schema;
  if (!schema) throw new Error(`${operationId} declares no ${contentType} body for ${status}`);
  return compile(schema);
}

const covered = new Set<string>();

function expectConforms(
  operationId: string,
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown },
  status = 200,
) {
  expect(res.statusCode, `${operationId}: ${res.body}`).toBe(status);
  covered.add(operationId);
  const textual = operationId === 'getVersion';
  expect(String(res.headers['content-type'])).toContain(textual ? 'text/plain' : 'application/json');
  const validate = responseSchema(operationId, status, textual ? 'text/plain' : 'application/json');
  const ok = validate(textual ? res.body : res.json());
  expect(ok, `${operationId} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('the server honours openapi/portal.yaml', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('login', async () => {
    for (const username of ['genitore.demo', 'studente.demo']) {
      const res = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { username, password: 'Demo.2026!' } });
      expectConforms('login', res);
      tokens[username] = res.json<{ token: string }>().token;
    }
    const wrong = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { username: 'x', password: 'y' } });
    expectConforms('login', wrong, 401);
    const bad = await server.app.inject({ method: 'POST', url: '/api/v4/utenti/login/', payload: { username: 'x' } });
    expectConforms('login', bad, 400);
  });

  it('validateToken and refreshToken', async () => {
    const token = tokens['genitore.demo'] as string;
    expectConforms('validateToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/', payload: { token } }));
    expectConforms('validateToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1002/', payload: { token } }), 401);
    expectConforms('refreshToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: { token } }));
    expectConforms('refreshToken', await server.app.inject({ method: 'POST', url: '/api/v4/utenti/1001/refresh-token/', payload: {} }), 400);
  });

  it('getLoginConfiguration and getVersion', async () => {
    expectConforms('getLoginConfiguration', await server.app.inject({ url: '/api/v3/mastercom_nextapi/' }));
    expectConforms('getLoginConfiguration', await server.app.inject({ url: '/api/v3/mastercom_nextapi/?mastercom_id=1001' }));
    const version = await server.app.inject({ url: '/version.txt?t=1763716500000' });
    expectConforms('getVersion', version);
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
        const [newest] = grades.json<{ id: number }[]>();
        if (!newest) throw new Error(`no grades for ${id} ${year}`);
        const ack = await server.app.inject({
          method: 'PUT',
          url: studentPath(school, id, year, `presa_visione_voti/${newest.id}`),
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

  it('every operation of the contract was exercised', () => {
    expect([...covered].sort()).toEqual([...operations.keys()].sort());
  });
});
