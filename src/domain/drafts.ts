import type { ComposerFields } from './attachments';
import { isRecord } from './values';

/** The messenger a composer writes for: v1 sends a form with the files, v2 a thread with uploaded attachments. */
export type ComposerVersion = 'v1' | 'v2';

/** An attachment already on the server: what a draft can keep of it (a file in memory cannot be kept). */
export interface DraftAttachment {
  id: number;
  nome: string;
  dimensione: number;
}

/** What survives a reload: the fields and the attachments already on the server. */
export interface ComposerDraft {
  fields: ComposerFields;
  allegati: DraftAttachment[];
}

/** Nothing written, chosen or uploaded: no draft to keep. */
export const isEmptyDraft = (d: ComposerDraft) =>
  d.fields.destinatari.length === 0 && d.fields.titolo.trim() === '' && d.fields.testo.trim() === '' && d.allegati.length === 0;

const isRecipient = (v: unknown): v is { id: string; descrizione: string } => isRecord(v) && typeof v.id === 'string' && typeof v.descrizione === 'string';

const isAttachment = (v: unknown): v is DraftAttachment =>
  isRecord(v) && typeof v.id === 'number' && typeof v.nome === 'string' && typeof v.dimensione === 'number';

/**
 * A draft read back from the tab's storage, or null when what is there is not one (nothing, another
 * shape, a hand edit). The words are what matter: a recipient or an attachment that cannot be read
 * is left out rather than losing the text with it.
 */
export function toComposerDraft(raw: unknown): ComposerDraft | null {
  if (!isRecord(raw) || !isRecord(raw.fields) || !Array.isArray(raw.allegati)) return null;
  const f = raw.fields;
  if (typeof f.titolo !== 'string' || typeof f.testo !== 'string' || !Array.isArray(f.destinatari)) return null;
  return {
    fields: {
      destinatari: f.destinatari.filter(isRecipient).map(({ id, descrizione }) => ({ id, descrizione })),
      titolo: f.titolo,
      testo: f.testo,
      presa_visione: f.presa_visione === true,
    },
    allegati: raw.allegati.filter(isAttachment).map(({ id, nome, dimensione }) => ({ id, nome, dimensione })),
  };
}
