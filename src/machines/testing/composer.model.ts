/** Test model inputs of the message composer, shared by its unit model test and the browser transition suite. */
import { ATTACHMENT_LIMITS } from '../../api/attachmentLimits';
import type { ActionFailure } from '../../domain/failure';
import type { composerMachine, ComposerDraft, ComposerInput } from '../composer.machine';
import type { ModelEvent } from './model';

const SEGRETERIA = { id: '3000201@segreteria', descrizione: 'Segreteria didattica' };
const PDF_BYTES = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
/** A File serialises as {}: the graph would take two picks for one event without its name. */
const named = (f: File) => Object.assign(f, { toJSON: () => ({ name: f.name, size: f.size }) });
const pdf = named(new File([PDF_BYTES], 'delega.pdf', { type: 'application/pdf' }));
const exe = named(new File(['MZ\u0000\u0000'], 'setup.exe', { type: 'application/x-msdownload' }));

const VALID_DRAFT: ComposerDraft = {
  fields: { destinatari: [SEGRETERIA], titolo: 'Richiesta di colloquio', testo: 'Buongiorno, vorrei fissare un colloquio.', presa_visione: false },
  allegati: [],
};

const inputs: Record<'v2New' | 'v2Draft' | 'v2Reply' | 'v1Draft', ComposerInput> = {
  /** A new thread from nothing: only the validation can be reached. */
  v2New: { version: 'v2', limits: ATTACHMENT_LIMITS },
  /** A new thread whose draft came back after a reload. */
  v2Draft: { version: 'v2', limits: ATTACHMENT_LIMITS, draft: VALID_DRAFT },
  /** A reply: no recipients nor title; the text comes from the draft. */
  v2Reply: { version: 'v2', threadId: '1351_ver_2', limits: ATTACHMENT_LIMITS, draft: { ...VALID_DRAFT, fields: { ...VALID_DRAFT.fields, destinatari: [], titolo: '' } } },
  /** The v1 form, whose files travel with the message. */
  v1Draft: { version: 'v1', limits: ATTACHMENT_LIMITS, draft: VALID_DRAFT },
};

export const composerModel = {
  recipient: SEGRETERIA,
  files: { pdf, exe },
  inputs,
  uploaded: { id: 6900, nome: 'delega.pdf', dimensione: pdf.size },
  sendFailure: 'attenzione, si è verificato un errore imprevisto',
  /** Every event the composer can see, with the outcomes of its two calls. */
  events: [
    { type: 'recipients.changed', destinatari: [SEGRETERIA] },
    { type: 'field.changed', field: 'titolo', value: 'Certificato' },
    { type: 'field.changed', field: 'testo', value: 'Chiedo un certificato.' },
    { type: 'receipt.changed', value: true },
    { type: 'files.picked', files: [pdf] },
    { type: 'files.picked', files: [exe] },
    { type: 'upload.progress', key: 'a1', percent: 40 },
    { type: 'attachment.cancelled', key: 'a1' },
    { type: 'attachment.removed', key: 'a1' },
    { type: 'attachment.retried', key: 'a1' },
    { type: 'send' },
    { type: 'xstate.done.actor.upload', output: { id: 6900, nome: 'delega.pdf', dimensione: pdf.size } },
    { type: 'xstate.error.actor.upload', error: { status: 500, detail: null, error: null } satisfies ActionFailure },
    { type: 'xstate.done.actor.send', output: { id: '1400_ver_2' } },
    { type: 'xstate.error.actor.send', error: { status: 500, detail: null, error: null } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof composerMachine>[],
};
