import { describe, expect, it } from 'vitest';
import { spec } from './contractTesting';
import { DEMO_PASSWORD } from './shared/enrolments';
import { GIULIA, MARCO, pathOf, useTestServer } from './testing';

/**
 * Request validation (server/app.ts): JSON bodies are validated as sent (no type coercion, no
 * silent removal of undeclared properties, a missing body is a 400), while path, query and header
 * parameters, which always arrive as strings, are still coerced to the contract's types.
 */
const LOGIN = '/api/v4/utenti/login/';

describe('request validation', () => {
  const t = useTestServer({ loginRateMax: 1000 });
  const badRequest = (detail: string) => ({ detail, error: 'bad_request' });

  it('declares every request body required (the server answers 400 to a missing one)', () => {
    const optional = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, { requestBody?: { required?: boolean } }>)
        .filter(([, op]) => op.requestBody && op.requestBody.required !== true)
        .map(([method]) => `${method} ${path}`),
    );
    expect(optional).toEqual([]);
  });

  it('answers a per-student path with and without the trailing slash real clients add', async () => {
    const plain = await t.get(pathOf('voti_plain'));
    const slashed = await t.get(pathOf('voti_plain/'));
    expect(plain.statusCode).toBe(200);
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('does not coerce a number into a string field', async () => {
    const login = await t.send('POST', LOGIN, { mastercom: 'DEMO01', utente: 123, password: DEMO_PASSWORD }, null);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(badRequest('body/utente must be string'));

    const absences = (await t.get(pathOf('assenze_plain'))).json<{ id: number; giustificabile: boolean; tipo_assenza: string }[]>();
    const target = absences.find((a) => a.giustificabile && a.tipo_assenza !== 'dad');
    const justify = await t.send('PUT', pathOf(`giustificazioni/${target?.id}`), { tipo_assenza: 'SAL', motivazione: 123 });
    expect(justify.statusCode).toBe(400);
    expect(justify.json()).toEqual(badRequest('body/motivazione must be string'));
  });

  it('does not wrap a single value into an array', async () => {
    const meal = (await t.get(pathOf('mense'))).json<{ pasto_corrente: { id: number } }>().pasto_corrente;
    const res = await t.send('PUT', pathOf(`mense/pasti/${meal.id}`), { servizi: 'PC' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest('body/servizi must be array'));
  });

  it('refuses an unknown property, naming it, instead of dropping it', async () => {
    const res = await t.send('POST', LOGIN, { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD, ricordami: true }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(badRequest("body must NOT have additional property 'ricordami'"));
  });

  it('answers 400, not 500, to a required body that is missing', async () => {
    const login = await t.send('POST', LOGIN, undefined, null);
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(badRequest('body must be object'));
    const text = await t.server.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'text/plain' }, payload: 'genitore.demo' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(badRequest('body must be object'));
    // openMobileSession answers its own validation errors (attachValidation): a missing body too.
    const mobile = await t.send('POST', '/api/v4/utenti/mobile/sessione', undefined, null);
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json()).toMatchObject({ error: 'parametri_mancanti' });
    const meal = await t.send('PUT', pathOf('mense/pasti/1'));
    expect(meal.statusCode).toBe(400);
    expect(meal.json()).toEqual(badRequest('body must be object'));
  });

  it('answers 400 to a JSON body that is not an object', async () => {
    for (const payload of ['"genitore.demo"', '123', '[]', 'null']) {
      const res = await t.server.app.inject({ method: 'POST', url: LOGIN, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(badRequest('body must be object'));
    }
  });

  it('still coerces path and query parameters, which arrive as strings', async () => {
    const grades = (await t.get(pathOf('voti_plain'))).json<{ id_voto: number }[]>();
    const id = grades[0]?.id_voto;
    expect(id).toEqual(expect.any(Number));
    const ack = await t.send('PUT', pathOf(`presa_visione_voti/${id}`));
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ id_voto: id });
    expect((await t.send('PUT', pathOf('presa_visione_voti/abc'))).json()).toEqual(badRequest('params/id must be integer'));

    const quiet = await t.get(pathOf('comunicazioni?profile_update=0', GIULIA));
    expect(quiet.statusCode).toBe(200);
    const bad = await t.get(pathOf('comunicazioni?profile_update=2', MARCO));
    expect(bad.statusCode).toBe(400);
  });
});
