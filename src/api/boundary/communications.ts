import type {
  Communication,
  CommunicationDetail,
  CommunicationFlags,
  MessageAttachment,
  MessageSender,
  SentMessage,
} from '../../domain/records';
import { asArray, asRecord, decimal, firstOfEachId, firstText, flag, html, integer, isRecord, rawString, schoolInstant, text } from './read';
import { toRecipients } from './threads';

/**
 * Communications (messenger VERSIONE_1) and the messages the family sent with its form. Nothing
 * public shows the real backend's answers beyond the spec's field list, so the contract's shape is
 * read, defensively: an item without an id or a day is dropped (nothing can place or open it), the
 * first of each id is kept, texts are decoded once, the school's HTML stays HTML for the sanitiser,
 * flags in any spelling, instants as dates, date-times or epoch seconds (anything else is none).
 */

/** A message's files: those without an id or an address cannot be downloaded and are left out. */
export function toMessageAttachments(raw: unknown): MessageAttachment[] {
  const files = asArray(raw).flatMap((v): MessageAttachment[] => {
    const a = asRecord(v);
    const id = integer(a.id);
    const url = rawString(a.url)?.trim();
    if (id === null || !url) return [];
    const size = decimal(a.dimensione);
    return [{ id, nome: text(a.nome)?.trim() || (text(url) ?? url), dimensione: size !== null && size > 0 ? size : 0, tipo: text(a.tipo)?.trim() ?? '', url }];
  });
  return firstOfEachId(files, (f) => f.id);
}

/** The sender: the whole name may be in `cognome` (real backends) or in `nome` (the reference's roles). */
function toSender(raw: unknown): MessageSender {
  const m = asRecord(raw);
  const nome = [text(m.cognome), text(m.nome)]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return {
    id: rawString(m.id_mittente) ?? rawString(m.id),
    nome: nome || (isRecord(raw) ? '' : (firstText(raw)?.trim() ?? '')),
    ruolo: text(m.ruolo)?.trim() || null,
  };
}

/** The flags of a communication or of a confirmation's answer: what is not a flag is a no, what is not an instant is none. */
function toFlags(c: Record<string, unknown>): CommunicationFlags {
  return {
    da_leggere: flag(c.da_leggere) ?? false,
    data_lettura: schoolInstant(c.data_lettura),
    conferma_lettura: flag(c.conferma_lettura) ?? false,
    sottoscrizione: flag(c.sottoscrizione) ?? false,
    data_sottoscrizione: schoolInstant(c.data_sottoscrizione),
  };
}

/** What the list and the detail share; null for an item without an id or a day. */
function toCommunicationBase(v: unknown): Omit<Communication, 'allegati'> | null {
  const c = asRecord(v);
  const id_messaggio = integer(c.id_messaggio);
  const data = schoolInstant(c.data);
  if (id_messaggio === null || data === null) return null;
  return {
    id_messaggio,
    titolo: text(c.titolo)?.trim() ?? '',
    dettaglio: html(c.dettaglio) ?? '',
    mittente: toSender(c.mittente),
    data,
    ...toFlags(c),
    presa_visione: flag(c.presa_visione) ?? false,
    tipo_messaggio: text(c.tipo_messaggio)?.trim() ?? '',
    novita: flag(c.novita) ?? false,
  };
}

/** comunicazioni_elenco: the received communications, in the server's order (newest first). */
export function toCommunications(raw: unknown): Communication[] {
  const items = asArray(raw).flatMap((v): Communication[] => {
    const base = toCommunicationBase(v);
    if (!base) return [];
    const allegati = asRecord(v).allegati;
    // A count, or (like the detail) the list itself.
    const count = Array.isArray(allegati) ? toMessageAttachments(allegati).length : integer(allegati);
    return [{ ...base, allegati: count !== null && count > 0 ? count : 0 }];
  });
  return firstOfEachId(items, (c) => c.id_messaggio);
}

/** comunicazioni/{id}: one communication with its files; null when it has no id or no day. */
export function toCommunicationDetail(raw: unknown): CommunicationDetail | null {
  const base = toCommunicationBase(raw);
  return base && { ...base, allegati: toMessageAttachments(asRecord(raw).allegati) };
}

/**
 * PUT comunicazioni/{id}: the flags after a confirmation. null when the answer does not say both
 * whether the reading was confirmed and whether the acknowledgement was given (the portal then keeps
 * what it showed and asks again).
 */
export function toCommunicationConfirmation(raw: unknown): CommunicationFlags | null {
  const c = asRecord(raw);
  if (flag(c.conferma_lettura) === null || flag(c.sottoscrizione) === null) return null;
  return toFlags(c);
}

/** messaggi (GET, and the POST's answer as one item): what the family sent; without an id or a day, dropped. */
export function toSentMessages(raw: unknown): SentMessage[] {
  const items = asArray(raw).flatMap((v): SentMessage[] => {
    const m = asRecord(v);
    const id = integer(m.id);
    const data = schoolInstant(m.data);
    if (id === null || data === null) return [];
    return [
      {
        id,
        titolo: text(m.titolo)?.trim() ?? '',
        testo: text(m.testo) ?? '',
        destinatari: toRecipients(m.destinatari),
        data,
        presa_visione: flag(m.presa_visione) ?? false,
        allegati: toMessageAttachments(m.allegati),
      },
    ];
  });
  return firstOfEachId(items, (m) => m.id);
}
