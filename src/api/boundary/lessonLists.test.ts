import { describe, expect, it } from 'vitest';
import { toSchoolCalendar, toScheduledTests, toTeachingMaterials, toTutorNotes } from './lessonLists';

describe('tests, teaching material and tutor notes', () => {
  it('keeps valid answers as they are', () => {
    const test = { id: 1, id_materia: 31, data: '2026-11-24', titolo: 'Verifica', tipo: 'orale', argomenti: 'Equazioni' };
    expect(toScheduledTests([test])).toEqual([test]);
    const material = { id: 2, id_materia: 31, data: '2026-11-18', titolo: 'Dispensa', descrizione: 'Capitolo 3', allegati: [{ nome: 'a.pdf', url: '/x/a.pdf', tipo: 'pdf' }] };
    expect(toTeachingMaterials([material])).toEqual([material]);
    const note = { id_nota: 3, data: '2026-11-19', tutor: 'Neri Paolo', titolo: 'Colloquio', dettaglio: 'Bene', letta: false };
    expect(toTutorNotes([note])).toEqual([note]);
  });

  it('drops items with no id or no day, and fills odd fields with gaps instead of passing them on', () => {
    expect(toScheduledTests([{ id: 1, data: 0 }, { id: null, data: '2026-11-24' }, { id: '4', data: '2026-11-24T10:00:00', titolo: { x: 1 }, tipo: 1 }])).toEqual([
      { id: 4, id_materia: 0, data: '2026-11-24', titolo: '', tipo: 'scritto', argomenti: '' },
    ]);
    expect(toTeachingMaterials([{ id: 2, data: '2026-11-18', allegati: { 0: {} }, descrizione: null }, { id: 5, data: '2026-02-31' }])).toEqual([
      { id: 2, id_materia: 0, data: '2026-11-18', titolo: '', descrizione: '', allegati: [] },
    ]);
    expect(toTutorNotes([{ id_nota: 3, data: '2026-11-19', letta: 'SI', titolo: '&egrave;' }, 'x', null])).toEqual([
      { id_nota: 3, data: '2026-11-19', tutor: '', titolo: 'è', dettaglio: '', letta: true },
    ]);
  });

  it('reads anything that is not a list as an empty list', () => {
    for (const raw of [null, undefined, {}, { 0: { id: 1 } }, '', 42]) {
      expect(toScheduledTests(raw)).toEqual([]);
      expect(toTeachingMaterials(raw)).toEqual([]);
      expect(toTutorNotes(raw)).toEqual([]);
    }
  });

  it('reads the school calendar, dropping what cannot be placed and keeping holidays at least one day long', () => {
    const valid = {
      attivita: [{ id: 1, data: '2026-11-25', data_ora_inizio: '2026-11-25T15:00:00+01:00', data_ora_fine: '2026-11-25T17:00:00+01:00', descrizione: 'Consiglio' }],
      festivita: [{ data: '2026-12-08', data_fine: '2026-12-08', descrizione: 'Immacolata', tipo: 'festività' }],
    };
    expect(toSchoolCalendar(valid)).toEqual(valid);
    expect(toSchoolCalendar(null)).toEqual({ attivita: [], festivita: [] });
    expect(
      toSchoolCalendar({
        attivita: [{ id: 1, data: 0 }, { id: 2, data: '2026-11-25', data_fine: null }],
        festivita: [{ data: { x: 1 } }, { data: '2026-12-23', data_fine: 'domani', tipo: 'vacanze' }, { data: '2026-12-23', data_fine: '2026-12-01' }],
      }),
    ).toEqual({
      attivita: [{ id: 2, data: '2026-11-25', data_ora_inizio: '2026-11-25T00:00:00+01:00', data_ora_fine: '2026-11-25T00:00:00+01:00', descrizione: '' }],
      festivita: [
        { data: '2026-12-23', data_fine: '2026-12-23', descrizione: '', tipo: 'vacanze' },
        { data: '2026-12-23', data_fine: '2026-12-23', descrizione: '', tipo: 'festività' },
      ],
    });
  });
});
