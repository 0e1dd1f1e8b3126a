import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, LUCA, MARCO, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';
import { NOT_ACTIVE_ERROR, OPPOSED_ERROR } from './index';

const { expectConforms, uncovered } = contractChecker();


describe('ade', () => {
  const t = useTestServer();

  const url = (rest: string, s = MARCO) => studentPath(s.school, s.id, s.year, rest);
  const get = (path: string, token = t.parent) => t.server.app.inject({ url: path, headers: auth(token) });
  const post = (path: string, payload: unknown, token = t.parent) =>
    t.server.app.inject({ method: 'POST', url: path, payload: payload as object, headers: auth(token) });

  it('answers the consent for every demo student and year', async () => {
    const cases = [
      { token: t.parent, s: MARCO, attivo: true },
      { token: t.parent, s: { ...MARCO, year: PREVIOUS_YEAR }, attivo: false },
      { token: t.parent, s: { school: 'DEMO02', id: 502, year: CURRENT_YEAR }, attivo: true },
      { token: t.student, s: LUCA, attivo: false },
    ];
    for (const { token, s, attivo } of cases) {
      const consent = await get(url('ade', s), token);
      expectConforms('getTaxConsent', consent);
      expect(consent.json().attivo).toBe(attivo);
      expectConforms('getTaxPayerConfirmation', await get(url('ade-pagante', s), token));
      expectConforms('getTaxOpposition', await get(url('ade-opposizione', s), token));
    }
    expect((await get(url('ade'))).json()).toMatchObject({ conferma_pagante_ade: false, opposizione_ade: false, data: null, pagante: 'Laura Rossi' });
  });

  it('confirms the payer, opposes (which withdraws the confirmation), refuses a confirmation while opposed', async () => {
    const confirmed = await post(url('ade-pagante'), { conferma_pagante_ade: true });
    expectConforms('setTaxPayerConfirmation', confirmed);
    expect(confirmed.json()).toMatchObject({ success: true, errore: null, conferma_pagante_ade: true, data: '2026-11-21T10:15:00+01:00' });
    expect((await get(url('ade-pagante'))).json()).toMatchObject({ conferma_pagante_ade: true });

    const opposed = await post(url('ade-opposizione'), { opposizione_ade: true });
    expectConforms('setTaxOpposition', opposed);
    expect(opposed.json()).toMatchObject({ success: true, opposizione_ade: true, conferma_pagante_ade: false });

    const refused = await post(url('ade-pagante'), { conferma_pagante_ade: true });
    expect(refused.json()).toMatchObject({ success: false, errore: OPPOSED_ERROR, conferma_pagante_ade: false, opposizione_ade: true });
    expect((await get(url('ade'))).json()).toMatchObject({ conferma_pagante_ade: false, opposizione_ade: true });

    expect((await post(url('ade-opposizione'), { opposizione_ade: false })).json()).toMatchObject({ success: true, opposizione_ade: false });
    expect((await get(url('ade-opposizione'))).json()).toMatchObject({ opposizione_ade: false });
  });

  it('answers success false when the consent is not active, changing nothing', async () => {
    const before = (await get(url('ade', LUCA), t.student)).json();
    const payer = await post(url('ade-pagante', LUCA), { conferma_pagante_ade: true }, t.student);
    expectConforms('setTaxPayerConfirmation', payer);
    expect(payer.json()).toMatchObject({ success: false, errore: NOT_ACTIVE_ERROR, attivo: false });
    const opposition = await post(url('ade-opposizione', LUCA), { opposizione_ade: true }, t.student);
    expect(opposition.json()).toMatchObject({ success: false, errore: NOT_ACTIVE_ERROR });
    expect((await get(url('ade', LUCA), t.student)).json()).toEqual(before);
    const pastYear = await post(url('ade-opposizione', { ...MARCO, year: PREVIOUS_YEAR }), { opposizione_ade: true });
    expect(pastYear.json().success).toBe(false);
  });

  it('rejects bad input with 4xx and changes nothing', async () => {
    const before = (await get(url('ade'))).json();
    expectConforms('setTaxPayerConfirmation', await post(url('ade-pagante'), {}), 400);
    expectConforms('setTaxPayerConfirmation', await post(url('ade-pagante'), { conferma_pagante_ade: 'forse' }), 400);
    expectConforms('setTaxOpposition', await post(url('ade-opposizione'), { opposizione_ade: { si: true } }), 400);
    expectConforms('setTaxOpposition', await post(url('ade-opposizione'), {}), 400);
    expectConforms('setTaxOpposition', await post(url('ade-opposizione', LUCA), { opposizione_ade: true }), 403);
    expectConforms('setTaxPayerConfirmation', await post(url('ade-pagante', LUCA), { conferma_pagante_ade: true }), 403);
    expectConforms('getTaxConsent', await get(url('ade', LUCA)), 403);
    expectConforms('getTaxConsent', await t.server.app.inject({ url: url('ade') }), 401);
    expect((await get(url('ade'))).json()).toEqual(before);
  });

  it('covers every ade operation', () => {
    expect(uncovered('ade')).toEqual([]);
  });
});
