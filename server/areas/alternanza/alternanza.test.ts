import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { auth, CURRENT_YEAR, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface Project {
  id: number;
  titolo: string;
  stato: string;
  prenotabile: boolean;
  prenotato: boolean;
  data_inizio: string;
  posti_disponibili: number;
  data_prenotazione: string | null;
}

describe('alternanza', () => {
  const t = useTestServer();

  const luca = (rest: string) => studentPath('DEMO01', 503, CURRENT_YEAR, rest);
  const list = async (): Promise<Project[]> => (await t.server.app.inject({ url: luca('alternanzaweb'), headers: auth(t.student) })).json();
  const act = (method: 'PUT' | 'DELETE', url: string, token = t.student) => t.server.app.inject({ method, url, headers: auth(token) });

  it('lists projects, PROPOSTO first then newest start, for Marco and Luca', async () => {
    for (const [token, school, id, year] of [
      [t.parent, 'DEMO01', 501, CURRENT_YEAR],
      [t.parent, 'DEMO01', 501, PREVIOUS_YEAR],
      [t.student, 'DEMO01', 503, CURRENT_YEAR],
    ] as const) {
      const res = await t.server.app.inject({ url: studentPath(school, id, year, 'alternanzaweb'), headers: auth(token) });
      expectConforms('listWorkExperienceProjects', res);
      const projects: Project[] = res.json();
      expect(projects.length).toBeGreaterThan(0);
      const proposed = projects.filter((p) => p.stato === 'PROPOSTO');
      expect(projects.slice(0, proposed.length)).toEqual(proposed);
      const starts = proposed.map((p) => p.data_inizio);
      expect(starts).toEqual([...starts].sort().reverse());
      if (year === CURRENT_YEAR) {
        expect(proposed.some((p) => p.prenotabile)).toBe(true);
        expect(proposed.some((p) => !p.prenotabile)).toBe(true);
        expect(projects.some((p) => p.stato !== 'PROPOSTO')).toBe(true);
      }
    }
    const giulia = await t.server.app.inject({ url: studentPath('DEMO02', 502, CURRENT_YEAR, 'alternanzaweb'), headers: auth(t.parent) });
    expectConforms('listWorkExperienceProjects', giulia, 403);
    expect(giulia.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    expectConforms('listWorkExperienceProjects', await t.server.app.inject({ url: luca('alternanzaweb') }), 401);
  });

  it('subscribes to a bookable PROPOSTO project and cancels it (PROPOSTO, not bookable)', async () => {
    const project = (await list()).find((p) => p.stato === 'PROPOSTO' && p.prenotabile) as Project;
    const sub = await act('PUT', luca(`alternanzaweb/${project.id}`));
    expectConforms('subscribeWorkExperienceProject', sub);
    expect(sub.json()).toMatchObject({
      id: project.id,
      stato: 'PROPOSTO',
      prenotabile: false,
      prenotato: true,
      posti_disponibili: project.posti_disponibili - 1,
      data_prenotazione: '2026-11-21T10:15:00+01:00',
    });
    const twice = await act('PUT', luca(`alternanzaweb/${project.id}`));
    expectConforms('subscribeWorkExperienceProject', twice, 409);
    expect(twice.json().error).toBe('Sei già iscritto a questo progetto');
    expect((await list()).find((p) => p.id === project.id)).toEqual(sub.json());

    const cancel = await act('DELETE', luca(`alternanzaweb/${project.id}`));
    expectConforms('cancelWorkExperienceProject', cancel);
    expect(cancel.json()).toMatchObject({ prenotabile: true, prenotato: false, data_prenotazione: null, posti_disponibili: project.posti_disponibili });
    const notSubscribed = await act('DELETE', luca(`alternanzaweb/${project.id}`));
    expectConforms('cancelWorkExperienceProject', notSubscribed, 409);
    expect(notSubscribed.json().error).toBe('Non sei iscritto a questo progetto');
  });

  it('refuses actions on confirmed projects, unknown ids and other families, changing nothing', async () => {
    const before = await list();
    const confirmed = before.find((p) => p.stato !== 'PROPOSTO') as Project;
    const put = await act('PUT', luca(`alternanzaweb/${confirmed.id}`));
    expectConforms('subscribeWorkExperienceProject', put, 409);
    expect(put.json().error).toBe('Il progetto non è più aperto alle iscrizioni');
    const del = await act('DELETE', luca(`alternanzaweb/${confirmed.id}`));
    expectConforms('cancelWorkExperienceProject', del, 409);
    expectConforms('subscribeWorkExperienceProject', await act('PUT', luca('alternanzaweb/999999')), 404);
    expectConforms('cancelWorkExperienceProject', await act('DELETE', luca('alternanzaweb/999999')), 404);
    expectConforms('subscribeWorkExperienceProject', await act('PUT', luca('alternanzaweb/primo')), 400);
    const marcoProjects: Project[] = (await t.server.app.inject({ url: studentPath('DEMO01', 501, CURRENT_YEAR, 'alternanzaweb'), headers: auth(t.parent) })).json();
    const marcoOpen = marcoProjects.find((p) => p.prenotabile) as Project;
    expectConforms('subscribeWorkExperienceProject', await act('PUT', luca(`alternanzaweb/${marcoOpen.id}`)), 404);
    expectConforms('subscribeWorkExperienceProject', await act('PUT', luca(`alternanzaweb/${marcoOpen.id}`), t.parent), 403);
    expect(await list()).toEqual(before);
  });

  it('covers every operation of the tag', () => {
    expect(uncovered('alternanza')).toEqual([]);
  });
});
