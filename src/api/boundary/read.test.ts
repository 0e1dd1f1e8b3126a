import { describe, expect, it } from 'vitest';
import { decodeEntities, deriveIds, firstOfEachId, flag, schoolDate, schoolDateTime, schoolInstant, schoolTime, text } from './read';

describe('backend value readers', () => {
  it('turns every yes/no spelling into a boolean, and anything else into a gap', () => {
    expect([true, 'SI', 'si', 1, '1'].map(flag)).toEqual([true, true, true, true, true]);
    expect([false, 'NO', 0, -1, '-1', ''].map(flag)).toEqual([false, false, false, false, false, false]);
    expect([null, undefined, 'forse', 2].map(flag)).toEqual([null, null, null, null]);
  });

  it('reads school days in Rome from dates and date-times with or without an offset', () => {
    expect(schoolDate('2026-11-20')).toBe('2026-11-20');
    expect(schoolDate('2026-09-14T00:00:00')).toBe('2026-09-14');
    expect(schoolDate('2026-11-18T10:00:00+01:00')).toBe('2026-11-18');
    // 23:30 UTC is already the next day in Rome.
    expect(schoolDate('2026-11-18T23:30:00Z')).toBe('2026-11-19');
    expect(schoolDate(0)).toBeNull();
    expect(schoolDate('18/11/2026')).toBeNull();
  });

  // Found by the boundary's fuzzing: Date.parse rolls impossible days over, and Rome's day of the
  // last second of 9999 is in year 10000.
  it('reads no day from impossible dates or times, nor from instants past year 9999', () => {
    for (const v of ['2026-13-45', '2026-02-30', '0000-00-00', '2026-02-30T08:00:00+01:00', '2026-11-21T25:61:00', '0000-00-00 00:00:00']) {
      expect(schoolDate(v), v).toBeNull();
      expect(schoolDateTime(v), v).toBeNull();
    }
    expect(schoolDate('2028-02-29')).toBe('2028-02-29');
    expect(schoolDate('9999-12-31T23:59:59Z')).toBeNull();
    expect(schoolInstant(253402300799)).toBeNull();
  });

  it('refuses days that match the pattern but are not in the calendar (a crash in Temporal otherwise)', () => {
    for (const v of ['2026-02-31', '0000-00-00', '2026-13-01', '2026-11-00', '2026-02-29T10:00:00', '2026-04-31T10:00:00+02:00']) {
      expect(schoolDate(v)).toBeNull();
      expect(schoolDateTime(v)).toBeNull();
      expect(schoolInstant(v)).toBeNull();
    }
    expect(schoolDateTime('2028-02-29T10:00:00')).toBe('2028-02-29T10:00:00+01:00');
  });

  it('keeps the first item of each id, and every item without one', () => {
    const items = [{ id: 1, n: 'a' }, { id: null, n: 'b' }, { id: 1, n: 'c' }, { id: null, n: 'd' }];
    expect(firstOfEachId(items, (i) => i.id).map((i) => i.n)).toEqual(['a', 'b', 'd']);
  });

  it('gives wall times without an offset the offset Rome has on that day', () => {
    expect(schoolDateTime('2026-11-19T11:00:00')).toBe('2026-11-19T11:00:00+01:00');
    expect(schoolDateTime('2026-06-08T23:59:59')).toBe('2026-06-08T23:59:59+02:00');
    expect(schoolDateTime('2026-11-19')).toBe('2026-11-19T00:00:00+01:00');
    expect(schoolDateTime('2026-11-19T11:00:00+01:00')).toBe('2026-11-19T11:00:00+01:00');
    expect(schoolTime('2026-11-19T10:15:00Z')).toBe('11:15');
    expect(schoolTime('2026-11-19')).toBeNull();
  });

  it('reads instants sent as date-times or epoch seconds, and 0 as none', () => {
    // 2026-11-21T09:15:00Z: 10:15 in Rome (winter time); 2026-06-08T08:00:00Z: 10:00 (summer time).
    expect(schoolInstant(1795252500)).toBe('2026-11-21T10:15:00+01:00');
    expect(schoolInstant('1795252500')).toBe('2026-11-21T10:15:00+01:00');
    expect(schoolInstant(1780905600)).toBe('2026-06-08T10:00:00+02:00');
    expect(schoolInstant('2026-11-21T10:15:00+01:00')).toBe('2026-11-21T10:15:00+01:00');
    expect(schoolInstant('2026-11-21 10:15:00')).toBe('2026-11-21T10:15:00+01:00');
    expect([0, '0', -5, null, undefined, '', 'ieri', 1.5, {}, 1e20].map(schoolInstant)).toEqual(Array(10).fill(null));
  });

  it('decodes HTML entities once and keeps text as text', () => {
    expect(decodeEntities('STORIA DELL&#039;ARTE')).toBe("STORIA DELL'ARTE");
    expect(decodeEntities('perch&eacute; &#x2013; &laquo;ok&raquo;')).toBe('perché – «ok»');
    expect(decodeEntities('a &amp;lt; b')).toBe('a &lt; b');
    expect(decodeEntities('&unknown; stays')).toBe('&unknown; stays');
    expect(text('riga uno\r\nriga due')).toBe('riga uno\nriga due');
  });

  it('derives stable ids that tell identical twins apart', () => {
    const first = deriveIds(['a', 'b', 'a']);
    expect(deriveIds(['a', 'b', 'a'])).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(first.every((id) => Number.isInteger(id) && id >= 2 ** 31)).toBe(true);
  });
});
