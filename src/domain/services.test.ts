import { describe, expect, it } from 'vitest';
import { findSection, isSectionOpen, SECTIONS } from './services';

describe('sections', () => {
  it('opens a section only when its service is on', () => {
    const voti = findSection('/voti')!;
    expect(isSectionOpen(voti, { voti: true }, 'VERSIONE_1')).toBe(true);
    expect(isSectionOpen(voti, { voti: false }, 'VERSIONE_1')).toBe(false);
    expect(isSectionOpen(voti, {}, 'VERSIONE_1')).toBe(false);
  });

  it('needs only sign-in for home and the tax consent', () => {
    for (const p of ['/home', '/agenzia-entrate']) expect(isSectionOpen(findSection(p)!, {}, 'VERSIONE_1')).toBe(true);
  });

  it('opens sections on the real backend\'s flag names: notes on `note`, report cards on `pagelle`', () => {
    expect(isSectionOpen(findSection('/note-disciplinari')!, { note: true }, 'VERSIONE_1')).toBe(true);
    expect(isSectionOpen(findSection('/note-disciplinari')!, { note_disciplinari: true }, 'VERSIONE_1')).toBe(false);
    expect(isSectionOpen(findSection('/pagelle')!, { pagelle: true }, 'VERSIONE_1')).toBe(true);
    expect(isSectionOpen(findSection('/pagelle')!, {}, 'VERSIONE_1')).toBe(false);
  });

  it('shows communications by messenger version', () => {
    const on = { comunicazioni: true, notizie: true };
    expect(isSectionOpen(findSection('/comunicazioni')!, on, 'VERSIONE_1')).toBe(true);
    expect(isSectionOpen(findSection('/comunicazioni')!, on, 'VERSIONE_2')).toBe(false);
    expect(isSectionOpen(findSection('/messenger')!, on, 'VERSIONE_2')).toBe(true);
    expect(isSectionOpen(findSection('/messenger')!, on, 'VERSIONE_1')).toBe(false);
  });

  it('knows the refactored payments pages only when the build flag is on', () => {
    expect(findSection('/negozio-ref')).toBeUndefined();
    expect(findSection('/negozio-ref', { refactorRoutes: true })).toMatchObject({ service: 'pagamenti' });
    expect(SECTIONS.some((s) => (s.path as string).endsWith('-ref'))).toBe(false);
  });

  it('puts the payment pages behind the payments key', () => {
    const payments = SECTIONS.filter((s) => s.service === 'pagamenti').map((s) => s.path);
    expect(payments).toEqual(['/pagamenti', '/estratto-conto', '/crediti', '/negozio', '/carrello']);
  });
});
