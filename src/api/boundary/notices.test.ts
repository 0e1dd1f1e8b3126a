import { describe, expect, it } from 'vitest';
import { toNotices } from './notices';

const valid = {
  id: 9,
  titolo: 'Open day',
  testo: '<p>Sabato</p>',
  data: '2026-11-18T10:00:00+01:00',
  autore: 'Dirigente',
  categoria: 'Eventi',
  in_evidenza: true,
  novita: false,
  da_leggere: true,
  data_lettura: null,
  richiede_adesione: true,
  adesione: false,
  data_adesione: null,
  allegati: [{ id: 1, nome: 'volantino.pdf', dimensione: 1200, tipo: 'application/pdf', url: '/x/1' }],
};

describe('notice-board and news items', () => {
  it('keeps a valid item as it is, and a bare day as a day', () => {
    expect(toNotices([valid])).toEqual([valid]);
    expect(toNotices([{ ...valid, data: '2026-11-18' }])[0]!.data).toBe('2026-11-18');
  });

  it('drops items without id or date and makes every other odd field a gap', () => {
    expect(toNotices([{ ...valid, id: null }, { ...valid, data: 0 }, 'x'])).toEqual([]);
    expect(
      toNotices([{ id: '9', data: '2026-11-18 10:00:00', titolo: { a: 1 }, in_evidenza: 'SI', da_leggere: 1, data_lettura: 0, data_adesione: 'ieri', allegati: { 0: {} } }]),
    ).toEqual([
      {
        id: 9,
        titolo: '',
        testo: '',
        data: '2026-11-18T10:00:00+01:00',
        autore: '',
        categoria: '',
        in_evidenza: true,
        novita: false,
        da_leggere: true,
        data_lettura: null,
        richiede_adesione: false,
        adesione: false,
        data_adesione: null,
        allegati: [],
      },
    ]);
    expect(toNotices({ 0: valid })).toEqual([]);
  });
});
