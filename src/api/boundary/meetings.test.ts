import { describe, expect, it } from 'vitest';
import { toMeeting, toMeetings } from './meetings';
import { toDocuments, toElections, toWorkExperienceProjects } from './schoolServices';

describe('meetings boundary', () => {
  it('reads the contract shape', () => {
    const [m] = toMeetings([
      {
        id: 7012, tipo: 'individuale', data: '2026-11-21', ora_inizio: '11:00', ora_fine: '12:00', inizio: '2026-11-21T11:00:00+01:00',
        docente: 'Prof.ssa Anna Bianchi', id_professore: 71, materia: 'Matematica, Fisica', modalita: 'presenza',
        luogo: 'Aula colloqui 2, primo piano', indirizzo: 'Via Roma 12, 20121 Milano', link: null, prenotabile: true,
        slot: [{ numero: 1, orario: '11:00', libero: false }, { numero: 2, orario: '11:10', libero: true }],
        prenotato: { slot: 1, orario: '11:00', data_prenotazione: '2026-11-18T19:02:00+01:00' },
      },
    ]);
    expect(m).toMatchObject({ id: 7012, tipo: 'individuale', modalita: 'presenza', indirizzo: 'Via Roma 12, 20121 Milano', prenotato: { slot: 1, orario: '11:00' } });
    expect(m!.slot).toHaveLength(2);
  });

  it('accepts strings for numbers and flags, a missing address and an online meeting told only by its link', () => {
    const m = toMeeting({
      id: '7013', tipo: 'individuale', data: '2026-11-26 00:00:00', ora_inizio: '9.00', ora_fine: '10:00', docente: 'Prof. Ferrari',
      id_professore: '72', prenotabile: 'SI', link: 'https://meet.example/x', luogo: '',
      slot: [{ numero: '1', orario: '09:00', libero: 1 }, { orario: '09:10' }], prenotato: { slot: '1' },
    });
    expect(m).toMatchObject({
      id: 7013, data: '2026-11-26', ora_inizio: '09:00', inizio: '2026-11-26T09:00:00+01:00', id_professore: 72, prenotabile: true,
      modalita: 'online', luogo: null, indirizzo: null, slot: [{ numero: 1, orario: '09:00', libero: true }],
      prenotato: { slot: 1, orario: '09:00', data_prenotazione: null },
    });
  });

  it('leaves out meetings that cannot be placed in time', () => {
    expect(toMeetings([{ id: 1, data: '2026-11-26' }, { data: '2026-11-26', ora_inizio: '10:00' }, 'x', null])).toEqual([]);
    expect(toMeetings({ error: 'x' })).toEqual([]);
  });
});

describe('work experience, elections and documents boundary', () => {
  it('reads projects, flags in any spelling, and leaves out those without id', () => {
    const projects = toWorkExperienceProjects([
      { id: 8101, titolo: 'Laboratorio', stato: 'proposto', prenotabile: 'SI', prenotato: 0, data_inizio: '2027-02-08', ore: '40' },
      { titolo: 'senza id', data_inizio: '2027-02-08' },
    ]);
    expect(projects).toEqual([expect.objectContaining({ id: 8101, stato: 'PROPOSTO', prenotabile: true, prenotato: false, ore: 40, data_fine: null })]);
  });

  it('reads elections with lists and candidates', () => {
    const [e] = toElections([
      { id: 9201, titolo: "Consiglio d'Istituto", data_inizio: '2026-11-29T08:00:00+01:00', data_fine: '2026-11-30 13:30', stato: 'APERTA',
        liste: [{ nome: 'Genitori', candidati: [{ nome: 'Paola', cognome: 'Verdi' }] }] },
    ]);
    expect(e).toMatchObject({ id: 9201, data_fine: '2026-11-30T13:30:00+01:00', stato: 'APERTA', liste: [{ numero: 1, nome: 'Genitori', candidati: [{ nome: 'Paola', cognome: 'Verdi' }] }] });
  });

  it('reads documents, a document without a file has none', () => {
    const docs = toDocuments([
      { id: 9501, titolo: 'Certificato', categoria: 'Certificati', data: '2026-09-15', allegato: { nome: 'c.pdf', tipo: 'application/pdf', dimensione: 1180, url: '/api/x/documenti/9501' } },
      { id: 9502, titolo: 'Senza file', data: '2026-09-16' },
    ]);
    expect(docs[0]!.allegato).toEqual({ nome: 'c.pdf', tipo: 'application/pdf', dimensione: 1180, url: '/api/x/documenti/9501' });
    expect(docs[1]!.allegato).toBeNull();
  });
});

// Found by the boundary's fuzzing (schoolLife.fuzz.test.ts).
describe('odd meeting and school-service answers', () => {
  it('reads no time from 25:99, keeps one meeting per id and one slot per number', () => {
    expect(toMeeting({ id: 1, data: '2026-11-21', ora_inizio: '25:99' })).toBeNull();
    const meeting = toMeeting({ id: 1, data: '2026-11-21', ora_inizio: '8:00', ora_fine: '99:00', slot: [{ numero: 1, orario: '08:00' }, { numero: 1, orario: '08:10' }] });
    expect(meeting).toMatchObject({ ora_inizio: '08:00', ora_fine: '08:00', inizio: '2026-11-21T08:00:00+01:00', slot: [{ numero: 1, orario: '08:00' }] });
    expect(toMeetings([{ id: 1, data: '2026-11-21', ora_inizio: '08:00' }, { id: 1, data: '2026-11-22', ora_inizio: '09:00' }])).toHaveLength(1);
    expect(toDocuments([{ id: 2, data: '2026-11-21' }, { id: 2, data: '2026-11-21' }])).toHaveLength(1);
    expect(toElections([{ id: 3, data_inizio: '2026-11-21T08:00:00' }, { id: 3, data_inizio: '2026-11-21T08:00:00' }])).toHaveLength(1);
    expect(toWorkExperienceProjects([{ id: 4, data_inizio: '2026-11-21' }, { id: 4, data_inizio: '2026-11-21' }])).toHaveLength(1);
  });
});
