import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { updatesQuery } from './student';
import type { DayRange } from '../../domain/isoDate';
import type { Communication, CommunicationDetail, MessageAttachment, Notice, SentMessage } from '../../domain/records';
import type { StudentScope } from '../../domain/student';
import { BASE, studentPath } from './scope';
import { readQuery } from './read';
import { toCommunicationConfirmation, toCommunicationDetail, toCommunications, toSentMessages } from '../boundary/communications';
import { toNoticeConfirmation, toNotices } from '../boundary/notices';

/**
 * Communications (messenger VERSIONE_1), sent messages, notice board and news, each read by the
 * boundary (`boundary/communications.ts`, `boundary/notices.ts`): the screens get records only.
 * The threads of VERSIONE_2 are in `threads.ts`.
 */
export type { Communication, CommunicationDetail, MessageAttachment, Notice, SentMessage };

/**
 * The lists never record the visit (profile_update=0, docs/product.md#messages): what is new stays counted in the
 * sidebar until the item itself is opened.
 */
const listParams = (s: StudentScope, r: DayRange) => ({
  params: { path: studentPath(s), query: { data_inizio: r.from, data_fine: r.to, profile_update: '0' } },
});

export const communicationsQuery = (s: StudentScope, r: DayRange) => readQuery(`${BASE}/comunicazioni_elenco`, listParams(s, r), toCommunications);

export const sentMessagesQuery = (s: StudentScope, r: DayRange) => readQuery(`${BASE}/messaggi`, listParams(s, r), toSentMessages);

/** Every cached communications list of the student, whatever its range. */
const communicationListsKey = (s: StudentScope) => ['get', `${BASE}/comunicazioni_elenco`, { params: { path: studentPath(s) } }];

function patchCommunication(client: QueryClient, s: StudentScope, id: number, patch: Partial<Communication>) {
  client.setQueriesData<Communication[]>({ queryKey: communicationListsKey(s) }, (old) =>
    old?.map((c) => (c.id_messaggio === id ? { ...c, ...patch } : c)),
  );
}

/**
 * Opening a communication marks it read on the server (GET comunicazioni/{id}); the lists and the
 * sidebar's count follow from what the server answered. A detail the boundary cannot read is null
 * (the screen shows what the list said) and the lists are asked again.
 */
export const communicationQuery = (s: StudentScope, id: number) =>
  readQuery(`${BASE}/comunicazioni/{id}`, { params: { path: { ...studentPath(s), id } } }, (raw, client): CommunicationDetail | null => {
    const detail = toCommunicationDetail(raw);
    if (detail) {
      const { da_leggere, data_lettura, novita, conferma_lettura, sottoscrizione, data_sottoscrizione } = detail;
      patchCommunication(client, s, id, { da_leggere, data_lettura, novita, conferma_lettura, sottoscrizione, data_sottoscrizione });
    } else {
      void client.invalidateQueries({ queryKey: communicationListsKey(s) });
    }
    void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    return detail;
  });

/**
 * «Conferma lettura» (scope lettura) or «Presa visione» (scope presa_visione): done only once the
 * server said ok. An answer the boundary cannot read leaves the cached items as they were and asks
 * for them again.
 */
export const confirmCommunicationMutation = (s: StudentScope, id: number, scope: 'lettura' | 'presa_visione') =>
  mutationOptions({
    mutationKey: ['comunicazioni', s, id, scope],
    mutationFn: async () => {
      const { data } = await api.client.PUT(`${BASE}/comunicazioni/{id}`, { params: { path: { ...studentPath(s), id }, query: { scope } } });
      return toCommunicationConfirmation(data);
    },
    onSuccess: (answer, _vars, _result, { client }) => {
      const detailKey = communicationQuery(s, id).queryKey;
      if (answer) {
        const flags = { ...answer, novita: false };
        patchCommunication(client, s, id, flags);
        client.setQueryData(detailKey, (old) => (old ? { ...old, ...flags } : old));
      } else {
        void client.invalidateQueries({ queryKey: detailKey });
        void client.invalidateQueries({ queryKey: communicationListsKey(s) });
      }
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

/** Notice board (pinned first, then newest) and news, newest first: the server's order. */
export const noticeBoardQuery = (s: StudentScope) =>
  readQuery(`${BASE}/bacheca`, { params: { path: studentPath(s), query: { profile_update: '0' } } }, toNotices);

export const newsQuery = (s: StudentScope) =>
  readQuery(`${BASE}/notizie`, { params: { path: studentPath(s), query: { profile_update: '0' } } }, toNotices);

/** Reading (scope lettura) or signing up to (scope adesione) a notice-board or news item. */
export const confirmNoticeMutation = (s: StudentScope, id: number, scope: 'lettura' | 'adesione') =>
  mutationOptions({
    mutationKey: ['bacheca', s, id, scope],
    mutationFn: async () => {
      const { data } = await api.client.PUT(`${BASE}/bacheca/{id}`, { params: { path: { ...studentPath(s), id }, query: { scope } } });
      return toNoticeConfirmation(data);
    },
    onSuccess: (answer, _vars, _result, { client }) => {
      for (const { queryKey } of [noticeBoardQuery(s), newsQuery(s)]) {
        // An answer the boundary cannot read: the items stay as shown and are asked for again.
        if (!answer) void client.invalidateQueries({ queryKey });
        else client.setQueryData(queryKey, (old) => old?.map((n) => (n.id === id ? { ...n, ...answer, novita: false } : n)));
      }
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

/**
 * An attachment's file as a blob, fetched by the API client so the session travels in the
 * Authorization header, never in a URL.
 */
export async function downloadAttachment(file: Pick<MessageAttachment, 'url'>): Promise<Blob> {
  // The address comes from the answer; only a path of the API origin may receive the session.
  const url = new URL(file.url, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error(`attachment outside the API origin: ${url.origin}`);
  const get = api.client.GET as unknown as (p: string, i: { parseAs: 'blob' }) => Promise<{ data?: Blob }>;
  const { data } = await get(url.pathname + url.search, { parseAs: 'blob' });
  return data!;
}

