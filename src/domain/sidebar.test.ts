import { describe, expect, it } from 'vitest';
import { badgeCount, initialsOf, isHiddenByUpdates, resizeEventOffsets } from './sidebar';

describe('sidebar rules', () => {
  it('repeats the resize event every 180 ms for up to one second (docs/product.md#navigation)', () => {
    expect(resizeEventOffsets()).toEqual([180, 360, 540, 720, 900]);
    expect(resizeEventOffsets(250, 1000)).toEqual([250, 500, 750, 1000]);
  });

  const updates = [
    { sezione: 'voti', conteggio: 6, visibile: true },
    { sezione: 'note', conteggio: 2, visibile: false },
  ];

  it('hides the entries the updates mark as not visible', () => {
    expect(isHiddenByUpdates('note', updates)).toBe(true);
    expect(isHiddenByUpdates('voti', updates)).toBe(false);
    expect(isHiddenByUpdates('compiti', updates)).toBe(false);
    expect(isHiddenByUpdates(null, updates)).toBe(false);
    expect(isHiddenByUpdates('voti', undefined)).toBe(false);
  });

  it('counts the updates of visible entries only', () => {
    expect(badgeCount('voti', updates)).toBe(6);
    expect(badgeCount('note', updates)).toBe(0);
    expect(badgeCount(null, updates)).toBe(0);
  });

  it('abbreviates a label to the initials of its first two meaningful words', () => {
    expect(initialsOf('Note disciplinari')).toBe('ND');
    expect(initialsOf('Argomenti delle lezioni')).toBe('AL');
    expect(initialsOf('Agenzia delle Entrate')).toBe('AE');
    expect(initialsOf('Alternanza scuola-lavoro')).toBe('AS');
    expect(initialsOf('Voti')).toBe('V');
  });
});
