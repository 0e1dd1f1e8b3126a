import type { NoticeKind, UserPreferences } from './records';

/** In the order the preferences screen lists them. */
export const NOTICE_KINDS: readonly NoticeKind[] = ['voti', 'note', 'assenze', 'messaggi', 'colloqui', 'pagamenti', 'mense'];

/** What a user who never saved anything has (and what a backend without preferences means). */
export const DEFAULT_PREFERENCES: UserPreferences = {
  notifiche: {
    tipi: { voti: true, note: true, assenze: true, messaggi: true, colloqui: true, pagamenti: true, mense: true },
    studenti_esclusi: [],
    modalita: 'subito',
    silenzio: { attivo: false, dalle: '21:00', alle: '07:00' },
    riepilogo_ora: '19:00',
    mostra_dettagli: false,
  },
  nascondi_medie: false,
  lingua: 'it',
};

type ChildKey = { id_scuola: string; id_studente: number };
const sameChild = (a: ChildKey, b: ChildKey) => a.id_scuola === b.id_scuola && a.id_studente === b.id_studente;

/** Whether a child's events send notices. */
export const childIncluded = (p: UserPreferences, child: ChildKey): boolean => !p.notifiche.studenti_esclusi.some((s) => sameChild(s, child));

/** The preferences with a child's notices turned on or off. */
export function withChild(p: UserPreferences, child: ChildKey, included: boolean): UserPreferences {
  const others = p.notifiche.studenti_esclusi.filter((s) => !sameChild(s, child));
  const excluded = included ? others : [...others, { id_scuola: child.id_scuola, id_studente: child.id_studente }];
  return { ...p, notifiche: { ...p.notifiche, studenti_esclusi: excluded } };
}

/** `HH:MM`, 00:00 to 23:59. */
export const isClockTime = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/**
 * Where a notice's address may lead: a path of the portal, never another site (the service
 * worker and the `/apri` page follow only these). `/apri?scuola=…&studente=…&pagina=/voti`.
 */
export function safePortalPath(path: string): string | null {
  return /^\/[a-z0-9][a-z0-9_/-]*$/i.test(path) && !path.startsWith('//') ? path : null;
}
