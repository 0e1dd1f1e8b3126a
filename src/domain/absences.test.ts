import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import {
  absenceKind,
  absencesInRange,
  absenceTotals,
  bookableKinds,
  firstBookableDate,
  isCancellable,
  isJustifiable,
  justificationRequests,
  justificationStatus,
  listsOf,
  missingJustificationFields,
  reasonListOf,
  sortBookings,
  sortNewestFirst,
  STATUS_COLOUR,
  validateBooking,
  type AbsenceLike,
} from './absences';

const ev = (over: Partial<AbsenceLike>): AbsenceLike => ({
  id: 1,
  data: '2026-11-17',
  orario: null,
  simbolo: 'A',
  tipo_assenza: 'assenza',
  giustificata: 'NO',
  giustificabile: true,
  ...over,
});

describe('absence kinds and colours (docs/product.md#absences)', () => {
  it('reads the kind from tipo_assenza, else from the symbol', () => {
    expect(absenceKind(ev({ tipo_assenza: 'ritardo', simbolo: 'R' }))).toBe('ritardo');
    expect(absenceKind(ev({ tipo_assenza: 'x', simbolo: 'AD' }))).toBe('dad');
    expect(absenceKind(ev({ tipo_assenza: 'x', simbolo: 'C' }))).toBe('corso');
    expect(absenceKind(ev({ tipo_assenza: 'x', simbolo: 'U' }))).toBe('uscita');
    expect(absenceKind(ev({ tipo_assenza: 'x', simbolo: '?' }))).toBe('assenza');
  });

  it('colours red unjustified, green justified, blue when no justification is required', () => {
    expect(STATUS_COLOUR[justificationStatus(ev({ giustificata: 'NO' }))]).toBe('red');
    expect(STATUS_COLOUR[justificationStatus(ev({ giustificata: 'SI' }))]).toBe('green');
    expect(STATUS_COLOUR[justificationStatus(ev({ giustificata: '' }))]).toBe('blue');
  });

  it('offers a justification only for unjustified events still inside the window, never for a course', () => {
    expect(isJustifiable(ev({}))).toBe(true);
    expect(isJustifiable(ev({ giustificabile: false }))).toBe(false);
    expect(isJustifiable(ev({ giustificata: 'SI', giustificabile: true }))).toBe(false);
    expect(isJustifiable(ev({ simbolo: 'C', tipo_assenza: 'corso' }))).toBe(false);
  });

  it('uses the dad reasons for distance-learning absences only', () => {
    expect(reasonListOf(ev({ simbolo: 'AD', tipo_assenza: 'dad' }))).toBe('dad');
    expect(reasonListOf(ev({ simbolo: 'R', tipo_assenza: 'ritardo' }))).toBe('normale');
  });
});

describe('totals, order and filters', () => {
  const list = [
    ev({ id: 1, data: '2026-09-20' }),
    ev({ id: 2, data: '2026-10-05', simbolo: 'R', tipo_assenza: 'ritardo', orario: '09:00', giustificata: 'SI' }),
    ev({ id: 3, data: '2026-10-05', simbolo: 'U', tipo_assenza: 'uscita', orario: '12:00', giustificata: 'SI' }),
    ev({ id: 4, data: '2026-11-06', simbolo: 'AD', tipo_assenza: 'dad' }),
    ev({ id: 5, data: '2026-10-22', simbolo: 'C', tipo_assenza: 'corso', orario: '14:30', giustificata: '' }),
    ev({ id: 6, data: '2026-11-07', simbolo: 'R', tipo_assenza: 'ritardo', orario: '08:10', giustificata: '' }),
  ];

  it('counts each type and what waits for a justification', () => {
    expect(absenceTotals(list)).toEqual({ assenza: 1, ritardo: 2, uscita: 1, dad: 1, corso: 1, daGiustificare: 2 });
    expect(absenceTotals([])).toEqual({ assenza: 0, ritardo: 0, uscita: 0, dad: 0, corso: 0, daGiustificare: 0 });
  });

  it('lists the newest first, the later time first on the same day', () => {
    expect(sortNewestFirst(list).map((a) => a.id)).toEqual([6, 4, 5, 3, 2, 1]);
  });

  it('keeps the events of an inclusive range of days', () => {
    expect(absencesInRange(list, { from: '2026-10-05', to: '2026-10-22' }).map((a) => a.id)).toEqual([2, 3, 5]);
    expect(absencesInRange(list, null)).toHaveLength(6);
  });
});

describe('justification drafts', () => {
  it('requires a choice, a reason for each list it touches and a text', () => {
    expect(missingJustificationFields({ items: [], reasons: {}, text: ' ' })).toEqual(['selection', 'text']);
    expect(missingJustificationFields({ items: [{ id: 1, list: 'normale' }, { id: 4, list: 'dad' }], reasons: { normale: 'SAL' }, text: 'x' })).toEqual([
      'reason.dad',
    ]);
    expect(missingJustificationFields({ items: [{ id: 1, list: 'normale' }], reasons: { normale: 'SAL' }, text: 'Febbre.' })).toEqual([]);
  });

  it('sends one request per event with the reason of its own list and the trimmed text', () => {
    const draft = { items: [{ id: 4, list: 'dad' as const }, { id: 1, list: 'normale' as const }], reasons: { normale: 'SAL', dad: 'CON' }, text: ' Febbre. ' };
    expect(listsOf(draft.items)).toEqual(['normale', 'dad']);
    expect(justificationRequests(draft)).toEqual([
      { id: 4, tipo_assenza: 'CON', motivazione: 'Febbre.' },
      { id: 1, tipo_assenza: 'SAL', motivazione: 'Febbre.' },
    ]);
  });
});

describe('entry/exit bookings (docs/product.md#absences)', () => {
  const at = (s: string) => Temporal.PlainDateTime.from(s);

  it('books for today until the cut-off, inclusive to the minute, then from tomorrow', () => {
    expect(firstBookableDate(at('2026-11-20T07:59'), '08:00').toString()).toBe('2026-11-20');
    expect(firstBookableDate(at('2026-11-20T08:00:59'), '08:00').toString()).toBe('2026-11-20');
    expect(firstBookableDate(at('2026-11-20T09:00'), '08:00').toString()).toBe('2026-11-21');
    expect(firstBookableDate(at('2026-12-31T23:30'), '08:00').toString()).toBe('2027-01-01');
  });

  it('requires date, time, type and reason', () => {
    expect(validateBooking({ data: '', orario: '', tipo: '', motivazione: '  ' }, { minDate: '2026-11-21' })).toEqual({
      data: 'required',
      orario: 'required',
      tipo: 'required',
      motivazione: 'required',
    });
    expect(validateBooking({ data: '2026-11-23', orario: '09:00', tipo: 'entrata', motivazione: 'Visita.' }, { minDate: '2026-11-21' })).toEqual({});
  });

  it('refuses a day before the first bookable one and a time the school does not offer', () => {
    const options = { entrata: ['09:00', '10:00'], uscita: ['12:00'] };
    expect(validateBooking({ data: '2026-11-20', orario: '09:00', tipo: 'entrata', motivazione: 'x' }, { minDate: '2026-11-21', options })).toEqual({
      data: 'beforeMinimum',
    });
    expect(validateBooking({ data: '2026-11-23', orario: '09:00', tipo: 'uscita', motivazione: 'x' }, { minDate: '2026-11-21', options })).toEqual({
      orario: 'notOffered',
    });
  });

  it('offers the kinds the school has on', () => {
    expect(bookableKinds({ prenotazione_entrate_attiva: true, prenotazione_uscite_attiva: false })).toEqual(['entrata']);
    expect(bookableKinds({ prenotazione_entrate_attiva: false, prenotazione_uscite_attiva: false })).toEqual([]);
  });

  it('cancels only active bookings of today or later, and lists the latest day first', () => {
    const today = Temporal.PlainDate.from('2026-11-20');
    expect(isCancellable({ stato: 'attiva', data: '2026-11-20' }, today)).toBe(true);
    expect(isCancellable({ stato: 'attiva', data: '2026-11-19' }, today)).toBe(false);
    expect(isCancellable({ stato: 'annullata', data: '2026-11-24' }, today)).toBe(false);
    expect(
      sortBookings([
        { data: '2026-11-24', orario: '12:00' },
        { data: '2026-11-27', orario: '10:00' },
        { data: '2026-11-24', orario: '09:00' },
      ]),
    ).toEqual([
      { data: '2026-11-27', orario: '10:00' },
      { data: '2026-11-24', orario: '12:00' },
      { data: '2026-11-24', orario: '09:00' },
    ]);
  });
});
