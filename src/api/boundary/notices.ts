import type { components } from '../schema';
import { asArray, asRecord, decimal, flag, html, integer, rawString, schoolDate, schoolDateTime, schoolInstant, text } from './read';

type Schemas = components['schemas'];
export type Notice = Schemas['MessageNotice'];
type MessageAttachment = Schemas['MessageAttachment'];

/**
 * Notice-board and news items, in the contract's shape, made safe for /bacheca: an item without an
 * id or a date is dropped, texts missing are empty, flags in any spelling, instants that are not
 * one are none, attachments without an address are left out.
 */

function toAttachment(v: unknown): MessageAttachment[] {
  const a = asRecord(v);
  const id = integer(a.id);
  const url = rawString(a.url);
  if (id === null || !url) return [];
  return [{ id, nome: text(a.nome) || url, dimensione: decimal(a.dimensione) ?? 0, tipo: rawString(a.tipo) ?? '', url }];
}

export function toNotices(raw: unknown): Notice[] {
  return asArray(raw).flatMap((v) => {
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
        allegati: asArray(n.allegati).flatMap(toAttachment),
      },
    ];
  });
}
