import type { QueryClient } from '@tanstack/react-query';
import { outcomeUnknown } from '../failure';
import { api, sessionAuth } from '../api';
import { ApiError, isOffline, NETWORK_ERROR_STATUS, offlineError, TIMEOUT_CODE, UPLOAD_TIMEOUT_MS } from '../client';
import type { StudentScope } from '../../domain/student';
import type { Recipient, Thread, ThreadDetail } from '../../domain/records';
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

/** One thread; fetching it marks its messages read on the server. */
export const threadQuery = (s: StudentScope, id: string) =>
  readQuery(`${BASE}/thread/{id}`, { params: { path: { ...studentPath(s), id } } }, toThreadDetail);

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

/** The list shows a thread as read once its detail came back (the server marked it). */
export function markThreadRead(queryClient: QueryClient, s: StudentScope, id: string) {
  for (const key of [threadsQuery(s).queryKey, sentThreadsQuery(s).queryKey]) {
    queryClient.setQueryData<Thread[]>(key, (old) => old?.map((t) => (t.id === id ? { ...t, da_leggere: false } : t)));
  }
}

/** PUT thread/{id}/{messageId}: the message shows confirmed only with the server's answer. */
export async function confirmThreadMessage(queryClient: QueryClient, s: StudentScope, threadId: string, messageId: number) {
  const { data } = await api.client.PUT(`${BASE}/thread/{id}/{messageId}`, {
    params: { path: { ...studentPath(s), id: threadId, messageId } },
  });
  const answer = toThreadMessageConfirmation(data);
  const { queryKey } = threadQuery(s, threadId);
  // An answer the boundary cannot read: the message stays as shown and the thread is asked for again.
  if (!answer) void queryClient.invalidateQueries({ queryKey });
  else
    queryClient.setQueryData(queryKey, (old) => old && { ...old, messaggi: old.messaggi.map((m) => (m.id === messageId ? { ...m, ...answer } : m)) });
  await refreshThreads(queryClient, s);
  return answer;
}

export interface ThreadMessageRequest {
  id_thread?: string;
  destinatari?: string[];
  titolo?: string;
  testo: string;
  presa_visione: boolean;
  allegati: number[];
}

/** thread-json: a reply (`id_thread`) or a new thread (`destinatari` and `titolo`). */
export async function sendThreadMessage(queryClient: QueryClient, s: StudentScope, body: ThreadMessageRequest): Promise<ThreadDetail> {
  const { data } = await api.client.POST(`${BASE}/thread-json`, { ...scoped(s), body }).catch(async (e: unknown) => {
    // No answer: the threads are read again, so a message that did go through shows there (the
    // draft stays in the composer either way).
    if (outcomeUnknown(e)) {
      await refreshThreads(queryClient, s);
      if (body.id_thread) await queryClient.invalidateQueries({ queryKey: threadQuery(s, body.id_thread).queryKey });
    }
    throw e;
  });
  const thread = toThreadDetail(data);
  queryClient.setQueryData(threadQuery(s, thread.id).queryKey, thread);
  await refreshThreads(queryClient, s);
  return thread;
}

export interface MessageFormRequest {
  destinatari: string[];
  titolo: string;
  testo: string;
  presa_visione: boolean;
  files: File[];
}

/**
 * The v1 form (`POST messaggi`): recipients, title, text, read receipt and the files themselves.
 * Its answer, the message as sent, is read like the list's items (null when it cannot be).
 */
export async function sendMessageForm(queryClient: QueryClient, s: StudentScope, body: MessageFormRequest) {
  const form = new FormData();
  for (const d of body.destinatari) form.append('destinatari[]', d);
  form.append('titolo', body.titolo);
  form.append('testo', body.testo);
  form.append('presa_visione', String(body.presa_visione));
  for (const f of body.files) form.append('files[]', f, f.name);
  const { data } = await api.client.POST(`${BASE}/messaggi`, {
    ...scoped(s),
    // The contract's form type cannot hold a File; the FormData goes as it is.
    body: form as never,
    bodySerializer: (b: unknown) => b as FormData,
  });
  await queryClient.invalidateQueries({ queryKey: ['get', `${BASE}/messaggi`] });
  return toSentMessages([data])[0] ?? null;
}

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
 * travels in the header; an expired one is renewed once, like every other call.
 */
export async function uploadMessageAttachment(
  s: StudentScope,
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
): Promise<UploadedAttachment> {
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
}
