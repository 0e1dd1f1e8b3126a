import { assign, emit, fromPromise, setup } from 'xstate';
import {
  checkPickedFiles,
  hasComposerErrors,
  validateComposer,
  type AttachmentLimits,
  type AttachmentRefusal,
  type ComposerErrors,
  type ComposerFields,
} from '../domain/attachments';
import type { ComposerDraft, ComposerVersion } from '../domain/drafts';
import type { ActionFailure } from '../domain/failure';

/**
 * The message composer of both messenger versions (docs/product.md#messages): v1 sends the form of `POST
 * messaggi` with the files themselves; v2 sends `thread-json` (a new thread, or a reply when a
 * thread id is given) with the ids of attachments uploaded one by one beforehand.
 *
 * Two regions: `form` (editing ⇄ sending) and `uploads` (the queue of v2 uploads: idle, uploading
 * one file, or stalled on a failed one). Sending needs valid fields and no upload pending or
 * failed; while sending, another "send" is ignored (a double click sends once). A failure keeps
 * every word, recipient and attachment; success clears the draft and tells the screen.
 */

export type { ComposerDraft, ComposerVersion };

export type AttachmentStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'local';

export interface ComposerAttachment {
  key: string;
  nome: string;
  dimensione: number;
  status: AttachmentStatus;
  /** Upload progress, 0–100. */
  percent: number;
  /** The server's id once uploaded (v2). */
  id: number | null;
  failure: ActionFailure | null;
  /** The file itself while it is needed (upload, retry, v1 form); gone after a reload. */
  file: File | null;
}

export interface ComposerInput {
  version: ComposerVersion;
  /** v2 reply: the thread answered (no recipients, no title). */
  threadId?: string | null;
  draft?: ComposerDraft | null;
  limits: AttachmentLimits;
}

/** Why sending was held back, besides the fields: uploads still running, or one that failed. */
export type SendBlock = 'uploading' | 'failedUploads' | null;

export interface ComposerContext {
  version: ComposerVersion;
  threadId: string | null;
  limits: AttachmentLimits;
  fields: ComposerFields;
  attachments: ComposerAttachment[];
  /** The files refused by the last pick, with the reason. */
  refused: { nome: string; reason: AttachmentRefusal }[];
  /** Shown once the user tried to send; kept current as they type. */
  errors: ComposerErrors;
  showErrors: boolean;
  blocked: SendBlock;
  failure: ActionFailure | null;
  nextKey: number;
}

export type ComposerSendInput =
  | {
      kind: 'thread';
      body: { id_thread?: string; destinatari?: string[]; titolo?: string; testo: string; presa_visione: boolean; allegati: number[] };
    }
  | { kind: 'form'; body: { destinatari: string[]; titolo: string; testo: string; presa_visione: boolean; files: File[] } };

export interface UploadInput {
  file: File;
  onProgress: (percent: number) => void;
}

export type ComposerEvent =
  | { type: 'recipients.changed'; destinatari: ComposerFields['destinatari'] }
  | { type: 'field.changed'; field: 'titolo' | 'testo'; value: string }
  | { type: 'receipt.changed'; value: boolean }
  | { type: 'files.picked'; files: File[] }
  | { type: 'attachment.removed'; key: string }
  | { type: 'attachment.retried'; key: string }
  | { type: 'attachment.cancelled'; key: string }
  | { type: 'upload.progress'; key: string; percent: number }
  | { type: 'send' };

export type ComposerEmitted = { type: 'composer.sent'; output: unknown };

const EMPTY_FIELDS: ComposerFields = { destinatari: [], titolo: '', testo: '', presa_visione: false };

const isReply = (c: ComposerContext) => c.version === 'v2' && c.threadId !== null;
const errorsOf = (c: ComposerContext) => validateComposer(c.fields, isReply(c));
const current = (c: ComposerContext) => c.attachments.find((a) => a.status === 'uploading');
const update = (c: ComposerContext, key: string, change: Partial<ComposerAttachment>) => c.attachments.map((a) => (a.key === key ? { ...a, ...change } : a));

/** The draft to keep in the tab: the fields and what is on the server; files in memory cannot be kept. */
export function draftOf(c: Pick<ComposerContext, 'fields' | 'attachments'>): ComposerDraft {
  return {
    fields: c.fields,
    allegati: c.attachments.flatMap((a) => (a.status === 'done' && a.id !== null ? [{ id: a.id, nome: a.nome, dimensione: a.dimensione }] : [])),
  };
}

function sendInput(c: ComposerContext): ComposerSendInput {
  const { destinatari, titolo, testo, presa_visione } = c.fields;
  if (c.version === 'v1') {
    const files = c.attachments.flatMap((a) => (a.file ? [a.file] : []));
    return { kind: 'form', body: { destinatari: destinatari.map((d) => d.id), titolo: titolo.trim(), testo, presa_visione, files } };
  }
  const allegati = c.attachments.flatMap((a) => (a.id !== null ? [a.id] : []));
  if (c.threadId !== null) return { kind: 'thread', body: { id_thread: c.threadId, testo, presa_visione, allegati } };
  return { kind: 'thread', body: { destinatari: destinatari.map((d) => d.id), titolo: titolo.trim(), testo, presa_visione, allegati } };
}

export const composerMachine = setup({
  types: {
    input: {} as ComposerInput,
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    emitted: {} as ComposerEmitted,
  },
  actors: {
    send: fromPromise<unknown, ComposerSendInput>(async () => {
      throw new Error('send actor not provided');
    }),
    upload: fromPromise<{ id: number; nome: string; dimensione: number | null }, UploadInput>(async () => {
      throw new Error('upload actor not provided');
    }),
  },
  actions: {
    revalidate: assign({ errors: ({ context }) => (context.showErrors ? errorsOf(context) : {}) }),
  },
  guards: {
    isInvalid: ({ context }) => hasComposerErrors(errorsOf(context)),
    uploadsPending: ({ context }) => context.attachments.some((a) => a.status === 'queued' || a.status === 'uploading'),
    uploadsFailed: ({ context }) => context.attachments.some((a) => a.status === 'failed'),
    hasQueued: ({ context }) => context.attachments.some((a) => a.status === 'queued'),
    hasFailed: ({ context }) => context.attachments.some((a) => a.status === 'failed'),
    noFailed: ({ context }) => !context.attachments.some((a) => a.status === 'failed'),
    isCurrent: ({ context, event }) => 'key' in event && current(context)?.key === event.key,
    isIdleAttachment: ({ context, event }) => 'key' in event && context.attachments.some((a) => a.key === event.key && a.status !== 'uploading'),
    isFailedWithFile: ({ context, event }) =>
      'key' in event && context.attachments.some((a) => a.key === event.key && a.status === 'failed' && a.file !== null),
  },
}).createMachine({
  id: 'composer',
  type: 'parallel',
  context: ({ input }) => ({
    version: input.version,
    threadId: input.threadId ?? null,
    limits: input.limits,
    fields: input.draft?.fields ?? EMPTY_FIELDS,
    attachments: (input.draft?.allegati ?? []).map((a, i) => ({
      key: `r${i + 1}`,
      nome: a.nome,
      dimensione: a.dimensione,
      status: 'done' as const,
      percent: 100,
      id: a.id,
      failure: null,
      file: null,
    })),
    refused: [],
    errors: {},
    showErrors: false,
    blocked: null,
    failure: null,
    nextKey: 1,
  }),
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'recipients.changed': {
              actions: [assign({ fields: ({ context, event }) => ({ ...context.fields, destinatari: event.destinatari }) }), 'revalidate'],
            },
            'field.changed': { actions: [assign({ fields: ({ context, event }) => ({ ...context.fields, [event.field]: event.value }) }), 'revalidate'] },
            'receipt.changed': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, presa_visione: event.value }) }) },
            'files.picked': {
              actions: assign(({ context, event }) => {
                const { accepted, refused } = checkPickedFiles(event.files, context.attachments.length, context.limits);
                const added = accepted.map((file, i): ComposerAttachment => ({
                  key: `a${context.nextKey + i}`,
                  nome: file.name,
                  dimensione: file.size,
                  status: context.version === 'v1' ? 'local' : 'queued',
                  percent: 0,
                  id: null,
                  failure: null,
                  file,
                }));
                return {
                  attachments: [...context.attachments, ...added],
                  refused: refused.map((r) => ({ nome: r.file.name, reason: r.reason })),
                  nextKey: context.nextKey + accepted.length,
                  blocked: null,
                };
              }),
            },
            'attachment.removed': {
              guard: 'isIdleAttachment',
              actions: assign({ attachments: ({ context, event }) => context.attachments.filter((a) => a.key !== event.key), blocked: null }),
            },
            'attachment.retried': {
              guard: 'isFailedWithFile',
              actions: assign({
                attachments: ({ context, event }) => update(context, event.key, { status: 'queued', percent: 0, failure: null }),
                blocked: null,
              }),
            },
            send: [
              { guard: 'isInvalid', actions: assign({ showErrors: true, errors: ({ context }) => errorsOf(context), failure: null }) },
              { guard: 'uploadsPending', actions: assign({ blocked: 'uploading' }) },
              { guard: 'uploadsFailed', actions: assign({ blocked: 'failedUploads' }) },
              { target: 'sending', actions: assign({ blocked: null, failure: null, errors: {}, refused: [] }) },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context }) => sendInput(context),
            onDone: {
              target: 'editing',
              actions: [
                assign({ fields: EMPTY_FIELDS, attachments: [], showErrors: false, errors: {}, failure: null }),
                emit(({ event }) => ({ type: 'composer.sent' as const, output: event.output })),
              ],
            },
            onError: { target: 'editing', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
          },
        },
      },
    },
    uploads: {
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: 'hasQueued', target: 'uploading' },
            { guard: 'hasFailed', target: 'stalled' },
          ],
        },
        uploading: {
          entry: assign({
            attachments: ({ context }) => {
              const next = context.attachments.find((a) => a.status === 'queued');
              return next ? update(context, next.key, { status: 'uploading', percent: 0 }) : context.attachments;
            },
          }),
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context, self }) => {
              const item = current(context)!;
              return { file: item.file!, onProgress: (percent: number) => self.send({ type: 'upload.progress', key: item.key, percent }) };
            },
            onDone: {
              target: 'idle',
              actions: assign({
                attachments: ({ context, event }) => update(context, current(context)!.key, { status: 'done', percent: 100, id: event.output.id }),
                blocked: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                attachments: ({ context, event }) => update(context, current(context)!.key, { status: 'failed', failure: event.error as ActionFailure }),
              }),
            },
          },
          on: {
            'upload.progress': {
              actions: assign({ attachments: ({ context, event }) => update(context, event.key, { percent: Math.max(0, Math.min(100, event.percent)) }) }),
            },
            // Leaving the state stops the upload (its request is aborted).
            'attachment.cancelled': {
              guard: 'isCurrent',
              target: 'idle',
              actions: assign({ attachments: ({ context, event }) => context.attachments.filter((a) => a.key !== event.key), blocked: null }),
            },
          },
        },
        stalled: {
          always: [
            { guard: 'hasQueued', target: 'uploading' },
            { guard: 'noFailed', target: 'idle' },
          ],
        },
      },
    },
  },
});
