import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { NETWORK_ERROR_STATUS, outcomeUnknown, TIMEOUT_CODE } from '../../domain/failure';
import { failureOf } from '../failure';
import { api, sessionAuth } from '../api';
import { ApiError, isOffline, offlineError, UPLOAD_TIMEOUT_MS } from '../client';
import type { StudentScope } from '../../domain/student';
import type { Recipient, SentMessage, Thread, ThreadDetail } from '../../domain/records';
import { toThreads } from '../boundary/messages';
import { toAttachmentRefs, toRecipients, toThreadDetail, toThreadMessageConfirmation } from '../boundary/threads';
import { toSentMessages } from '../boundary/communications';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

export type { Recipient, Thread, ThreadDetail };

/** Threads received and started (VERSIONE_2), latest activity first. */
export const threadsQuery = (s: StudentScope) => readQuery(`${BASE}/thread`, scoped(s), toThreads);

/** Threads the family started. */
export const sentThreadsQuery = (s: StudentScope) => readQuery(`${BASE}/thread-inviati`, scoped(s), toThreads);

/**
 * One thread; fetching it marks its messages read on the server, so the cached lists show it read
 * once its detail came back.
 */
export const threadQuery = (s: StudentScope, id: string) =>
  readQuery(`${BASE}/thread/{id}`, { params: { path: { ...studentPath(s), id } } }, (raw, client) => {
    const detail = toThreadDetail(raw);
    for (const key of [threadsQuery(s).queryKey, sentThreadsQuery(s).queryKey]) {
      client.setQueryData<Thread[]>(key, (old) => old?.map((t) => (t.id === id ? { ...t, da_leggere: false } : t)));
    }
    return detail;
  });

/** Whom the signed-in user may write to; the address book changes seldom. */
export const recipientsQuery = (s: StudentScope) =>
  readQuery(`${BASE}/destinatari-utente`, scoped(s), toRecipients, { staleTime: 10 * 60_000 });

/** After something changed in the threads: both lists and the sidebar's counts ask again. */
async function refreshThreads(queryClient: QueryClient, s: StudentScope) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: threadsQuery(s).queryKey }),
    queryClient.invalidateQueries({ queryKey: sentThreadsQuery(s).queryKey }),
  ]);
}

/** PUT thread/{id}/{messageId}: the message shows confirmed only with the server's answer. */
export const confirmThreadMessageMutation = (s: StudentScope, threadId: string, messageId: number) =>
  mutationOptions({
    mutationKey: ['thread', s, threadId, messageId],
    mutationFn: async () =>
      toThreadMessageConfirmation((await api.client.PUT(`${BASE}/thread/{id}/{messageId}`, { params: { path: { ...studentPath(s), id: threadId, messageId } } })).data),
    onSuccess: async (answer, _vars, _r, { client }) => {
      const { queryKey } = threadQuery(s, threadId);
      // An answer the boundary cannot read: the message stays as shown and the thread is asked for again.
      if (!answer) void client.invalidateQueries({ queryKey });
      else client.setQueryData(queryKey, (old) => old && { ...old, messaggi: old.messaggi.map((m) => (m.id === messageId ? { ...m, ...answer } : m)) });
      await refreshThreads(client, s);
    },
  });

export interface ThreadMessageRequest {
  id_thread?: string;
  destinatari?: string[];
  titolo?: string;
  testo: string;
  presa_visione: boolean;
  allegati: number[];
}

export interface MessageFormRequest {
  destinatari: string[];
  titolo: string;
  testo: string;
  presa_visione: boolean;
  files: File[];
}

/** What the composer sends: a thread-json message (v2) or the v1 form with its files. */
export type OutgoingMessage = { kind: 'thread'; body: ThreadMessageRequest } | { kind: 'form'; body: MessageFormRequest };

function messageForm(body: MessageFormRequest): FormData {
  const form = new FormData();
  for (const d of body.destinatari) form.append('destinatari[]', d);
  form.append('titolo', body.titolo);
  form.append('testo', body.testo);
  form.append('presa_visione', String(body.presa_visione));
  for (const f of body.files) form.append('files[]', f, f.name);
  return form;
}

/**
 * Sends a message. `thread`: thread-json, a reply (`id_thread`) or a new thread (`destinatari` and
 * `titolo`), answered with the thread as it now is. `form`: the v1 form (`POST messaggi`) with
 * recipients, title, text, read receipt and the files themselves, answered with the message as sent
 * (read like the list's items; null when it cannot be).
 */
export const sendMessageMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['messaggi', s],
    mutationFn: async (message: OutgoingMessage): Promise<ThreadDetail | SentMessage | null> => {
      if (message.kind === 'thread') return toThreadDetail((await api.client.POST(`${BASE}/thread-json`, { ...scoped(s), body: message.body })).data);
      const { data } = await api.client.POST(`${BASE}/messaggi`, {
        ...scoped(s),
        // The contract's form type cannot hold a File; the FormData goes as it is.
        body: messageForm(message.body) as never,
        bodySerializer: (b: unknown) => b as FormData,
      });
      return toSentMessages([data])[0] ?? null;
    },
    onSuccess: async (answer, message, _r, { client }) => {
      if (message.kind === 'form') return client.invalidateQueries({ queryKey: ['get', `${BASE}/messaggi`] });
      // A thread-json message is answered with its thread (mutationFn).
      const thread = answer as ThreadDetail;
      client.setQueryData(threadQuery(s, thread.id).queryKey, thread);
      await refreshThreads(client, s);
    },
    onError: async (e, message, _r, { client }) => {
      // No answer: the threads are read again, so a message that did go through shows there (the
      // draft stays in the composer either way).
      if (message.kind !== 'thread' || !outcomeUnknown(failureOf(e))) return;
      await refreshThreads(client, s);
      if (message.body.id_thread) await client.invalidateQueries({ queryKey: threadQuery(s, message.body.id_thread).queryKey });
    },
  });

/** An attachment's file as a blob, with the session header (the url is never opened as it is). */
export async function fetchMessageAttachment(s: StudentScope, id: number): Promise<Blob> {
  const { data } = await api.client.GET(`${BASE}/messaggi/allegati/{id}`, {
    params: { path: { ...studentPath(s), id } },
    parseAs: 'blob',
  });
  return data as Blob;
}

export interface UploadedAttachment {
  id: number;
  nome: string;
  dimensione: number | null;
}

function send(url: string, file: File, token: string | null, onProgress: (percent: number) => void, signal: AbortSignal) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // The same bound as every other upload of the client (api/client.ts): never a bar stuck forever.
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.ontimeout = () => reject(new ApiError(NETWORK_ERROR_STATUS, null, TIMEOUT_CODE));
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_STATUS, null, 'network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function failure(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; error?: unknown };
    return new ApiError(status, typeof parsed.detail === 'string' ? parsed.detail : null, typeof parsed.error === 'string' ? parsed.error : null);
  } catch {
    return new ApiError(status, null, null);
  }
}

/**
 * messaggi/add_attachment with the upload's progress (0–100), which fetch cannot report. The JWT
 * travels in the header; an expired one is renewed once, like every other call. The signal cancels
 * the upload (the composer's cancel button). Nothing cached changes: the composer keeps the id.
 */
export const uploadAttachmentMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['messaggi', s, 'add_attachment'],
    mutationFn: async ({ file, onProgress, signal }: { file: File; onProgress: (percent: number) => void; signal: AbortSignal }): Promise<UploadedAttachment> => {
      const url = `${window.location.origin}/api/v3/scuole/${encodeURIComponent(s.id_scuola)}/studenti/${s.id_studente}/${encodeURIComponent(s.anno)}/messaggi/add_attachment`;
      // Offline, refused at once like every other write (api/client.ts), never sent.
      if (isOffline()) throw offlineError();
      const auth = sessionAuth();
      const token = auth.getToken();
      let answer = await send(url, file, token, onProgress, signal);
      if (answer.status === 401 && token) {
        const renewed = await auth.refresh(token);
        if (renewed) answer = await send(url, file, renewed, onProgress, signal);
      }
      if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
      const [stored] = toAttachmentRefs([JSON.parse(answer.body) as unknown]);
      if (!stored) throw new ApiError(answer.status, null, null);
      return stored;
    },
  });
