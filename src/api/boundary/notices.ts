import type { Notice, NoticeFlags } from '../../domain/records';
import { toMessageAttachments } from './communications';
import { asArray, asRecord, firstOfEachId, flag, html, integer, schoolDate, schoolDateTime, schoolInstant, text } from './read';

/**
 * Notice-board and news items, in the contract's shape, made safe for /bacheca: an item without an
 * id or a date is dropped (and the second of an id), texts missing are empty, flags in any
 * spelling, instants that are not one are none, attachments without an address are left out.
 */

export function toNotices(raw: unknown): Notice[] {
  const notices = asArray(raw).flatMap((v): Notice[] => {
    const n = asRecord(v);
    const id = integer(n.id);
    const instant = schoolDateTime(n.data);
    if (id === null || instant === null) return [];
    // A bare day stays a day (shown without a time).
    const data = typeof n.data === 'string' && n.data.trim() === schoolDate(n.data) ? n.data.trim() : instant;
    return [
      {
        id,
        titolo: text(n.titolo) ?? '',
        testo: html(n.testo) ?? '',
        data,
        autore: text(n.autore) ?? '',
        categoria: text(n.categoria) ?? '',
        in_evidenza: flag(n.in_evidenza) ?? false,
        novita: flag(n.novita) ?? false,
        da_leggere: flag(n.da_leggere) ?? false,
        data_lettura: schoolInstant(n.data_lettura),
        richiede_adesione: flag(n.richiede_adesione) ?? false,
        adesione: flag(n.adesione) ?? false,
        data_adesione: schoolInstant(n.data_adesione),
        allegati: toMessageAttachments(n.allegati),
      },
    ];
  });
  return firstOfEachId(notices, (n) => n.id);
}

/**
 * PUT bacheca/{id}: the flags after reading or signing up. null when the answer does not say
 * whether the item is read and signed up to (the portal then keeps what it showed and asks again).
 */
export function toNoticeConfirmation(raw: unknown): NoticeFlags | null {
  const c = asRecord(raw);
  const da_leggere = flag(c.da_leggere);
  const adesione = flag(c.adesione);
  if (da_leggere === null || adesione === null) return null;
  return { da_leggere, data_lettura: schoolInstant(c.data_lettura), adesione, data_adesione: schoolInstant(c.data_adesione) };
}
