import { describe, expect, it } from 'vitest';
import { childIncluded, DEFAULT_PREFERENCES, isClockTime, safePortalPath, withChild } from './preferences';

describe('preferences rules', () => {
  const giulia = { id_scuola: 'DEMO02', id_studente: 502 };
  it('turns a child off and on again, leaving the others as they were', () => {
    const off = withChild(DEFAULT_PREFERENCES, giulia, false);
    expect(childIncluded(off, giulia)).toBe(false);
    expect(childIncluded(off, { id_scuola: 'DEMO01', id_studente: 501 })).toBe(true);
    expect(withChild(off, giulia, false).notifiche.studenti_esclusi).toHaveLength(1);
    expect(childIncluded(withChild(off, giulia, true), giulia)).toBe(true);
    expect(DEFAULT_PREFERENCES.notifiche.studenti_esclusi).toEqual([]);
  });
  it('reads clock times and keeps notice addresses inside the portal', () => {
    expect(['00:00', '07:30', '23:59'].every(isClockTime)).toBe(true);
    expect(['24:00', '7:30', '12:60', ''].some(isClockTime)).toBe(false);
    expect(safePortalPath('/voti')).toBe('/voti');
    expect(safePortalPath('/note-disciplinari')).toBe('/note-disciplinari');
    for (const bad of ['//evil.example/x', 'https://evil.example', '/voti?x=1', 'javascript:alert(1)', '']) expect(safePortalPath(bad)).toBeNull();
  });
});
