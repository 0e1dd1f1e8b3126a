import type { Thread } from '../../domain/records';
import { asArray, asRecord, firstOfEachId, firstText, flag, integer, rawString, schoolDateTime, text } from './read';

/**
 * Messenger threads (spec VERSIONE_2). Real answers: ids like "1362_ver_2", the sender's name
 * possibly all in `cognome`, −1 for "not asked" in `presa_visione` and `sottoscrizione`, and
 * `allegati` as a count (the list comes with the detail).
 */

/** −1 (or absent): not asked; 0/1 or a boolean: asked, and whether it was given. */
function askedFlag(v: unknown): boolean | null {
  if (v === undefined || v === null || v === -1 || v === '-1') return null;
  return flag(v);
}

export function toThreads(raw: unknown): Thread[] {
  const threads = asArray(raw).flatMap((item): Thread[] => {
    const t = asRecord(item);
    const id = rawString(t.id);
    if (!id) return [];
    const m = asRecord(t.mittente);
    const nome = [text(m.cognome), text(m.nome)]
      .map((s) => s?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    const allegati = Array.isArray(t.allegati) ? t.allegati.length : (integer(t.allegati) ?? 0);
    return [
      {
        id,
        id_messaggio: rawString(t.id_messaggio),
        mittente: { id: rawString(m.id_mittente) ?? rawString(m.id), nome: nome || (firstText(t.mittente) ?? '') },
        titolo: text(t.titolo)?.trim() ?? '',
        destinatari: firstText(t.destinatari_concatenati, t.sottotitolo) ?? '',
        da_leggere: flag(t.da_leggere) ?? false,
        data_lettura: schoolDateTime(t.data_lettura),
        presa_visione: askedFlag(t.presa_visione),
        sottoscrizione: askedFlag(t.sottoscrizione),
        conferma_lettura: flag(t.conferma_lettura) ?? false,
        allegati,
        tipo_messaggio: rawString(t.tipo_messaggio),
        data: schoolDateTime(t.data) ?? schoolDateTime(t.data_invio),
      },
    ];
  });
  return firstOfEachId(threads, (t) => t.id);
}
