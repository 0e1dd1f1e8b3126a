import { DEFAULT_PREFERENCES, isClockTime, NOTICE_KINDS } from '../../domain/preferences';
import type { NoticeKind, UserPreferences } from '../../domain/records';
import { asArray, asRecord, integer, rawString } from './read';

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const time = (v: unknown, fallback: string) => {
  const s = rawString(v);
  return s !== null && isClockTime(s) ? s : fallback;
};

/** The user's preferences, whatever was sent: a field missing or of the wrong type keeps its default. */
export function toPreferences(raw: unknown): UserPreferences {
  const d = DEFAULT_PREFERENCES;
  const r = asRecord(raw);
  const n = asRecord(r.notifiche);
  const tipi = asRecord(n.tipi);
  const silenzio = asRecord(n.silenzio);
  return {
    notifiche: {
      tipi: Object.fromEntries(NOTICE_KINDS.map((k) => [k, bool(tipi[k], d.notifiche.tipi[k])])) as Record<NoticeKind, boolean>,
      studenti_esclusi: asArray(n.studenti_esclusi).flatMap((item) => {
        const s = asRecord(item);
        const id_scuola = rawString(s.id_scuola);
        const id_studente = integer(s.id_studente);
        return id_scuola && id_studente !== null ? [{ id_scuola, id_studente }] : [];
      }),
      modalita: n.modalita === 'riepilogo' ? 'riepilogo' : 'subito',
      silenzio: {
        attivo: bool(silenzio.attivo, d.notifiche.silenzio.attivo),
        dalle: time(silenzio.dalle, d.notifiche.silenzio.dalle),
        alle: time(silenzio.alle, d.notifiche.silenzio.alle),
      },
      riepilogo_ora: time(n.riepilogo_ora, d.notifiche.riepilogo_ora),
      mostra_dettagli: bool(n.mostra_dettagli, d.notifiche.mostra_dettagli),
    },
    nascondi_medie: bool(r.nascondi_medie, d.nascondi_medie),
    lingua: r.lingua === 'en' ? 'en' : 'it',
  };
}

/** The server's VAPID public key (base64url), or null. */
export function toPushKey(raw: unknown): string | null {
  const key = rawString(asRecord(raw).chiave_pubblica);
  return key && /^[A-Za-z0-9_-]{80,100}$/.test(key) ? key : null;
}
