import type { MessageAttachmentRef, Recipient, ThreadDetail, ThreadMessage, ThreadMessageFlags } from '../../domain/records';
import { asArray, asRecord, firstOfEachId, firstText, flag, html, integer, rawString, schoolDateTime, text } from './read';

/**
 * One thread with its messages (spec VERSIONE_2), and the address book. Real answers name the
 * sender in `cognome`/`nome` or give a role; an attachment's id may only be in its url.
 */

const senderName = (raw: unknown): string => {
  const m = asRecord(raw);
  const parts = [text(m.cognome), text(m.nome)].map((s) => s?.trim() ?? '').filter(Boolean);
  return parts.join(' ') || (firstText(m.nome, raw) ?? '');
};

export function toAttachmentRefs(raw: unknown): MessageAttachmentRef[] {
  const refs = asArray(raw).flatMap((item): MessageAttachmentRef[] => {
    const a = asRecord(item);
    const id = integer(a.id) ?? integer(/\/allegati\/(\d+)\/?$/.exec(rawString(a.url) ?? '')?.[1]);
    if (id === null) return [];
    return [{ id, nome: text(a.nome)?.trim() || `allegato-${id}`, dimensione: integer(a.dimensione) }];
  });
  return firstOfEachId(refs, (a) => a.id);
}

function toThreadMessage(item: unknown): ThreadMessage[] {
  const m = asRecord(item);
  const id = integer(m.id) ?? integer(m.id_messaggio);
  if (id === null) return [];
  return [
    {
      id,
      mittente: senderName(m.mittente),
      testo: html(m.testo) ?? '',
      data: schoolDateTime(m.data),
      inviato: flag(m.inviato) ?? false,
      da_leggere: flag(m.da_leggere) ?? false,
      data_lettura: schoolDateTime(m.data_lettura),
      presa_visione: flag(m.presa_visione) ?? false,
      conferma_lettura: flag(m.conferma_lettura) ?? false,
      sottoscrizione: flag(m.sottoscrizione) ?? false,
      allegati: toAttachmentRefs(m.allegati),
    },
  ];
}

export function toThreadDetail(raw: unknown): ThreadDetail {
  const t = asRecord(raw);
  return {
    id: rawString(t.id) ?? '',
    titolo: text(t.titolo)?.trim() ?? '',
    destinatari: firstText(t.destinatari_concatenati, t.sottotitolo) ?? '',
    messaggi: firstOfEachId(asArray(t.messaggi).flatMap(toThreadMessage), (m) => m.id),
  };
}

export function toRecipients(raw: unknown): Recipient[] {
  const recipients = asArray(raw).flatMap((item): Recipient[] => {
    const r = asRecord(item);
    const id = rawString(r.id);
    const descrizione = text(r.descrizione)?.trim();
    if (!id || !descrizione) return [];
    return [{ id, gruppo: text(r.gruppo)?.trim() || 'Altri', descrizione }];
  });
  return firstOfEachId(recipients, (r) => r.id);
}

/**
 * PUT thread/{id}/{messageId}: a message's flags after the family confirmed it. null when the
 * answer does not say whether it was confirmed and acknowledged (the portal then keeps what it
 * showed and asks again).
 */
export function toThreadMessageConfirmation(raw: unknown): ThreadMessageFlags | null {
  const c = asRecord(raw);
  const conferma_lettura = flag(c.conferma_lettura);
  const sottoscrizione = flag(c.sottoscrizione);
  if (conferma_lettura === null || sottoscrizione === null) return null;
  return { da_leggere: flag(c.da_leggere) ?? false, conferma_lettura, sottoscrizione };
}
