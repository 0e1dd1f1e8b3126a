import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { queryApi } from '../queryApi';
import type { Schemas } from '../client';
import { updatesQuery } from './student';
import type { DayRange } from '../../domain/isoDate';
import type { StudentScope } from '../../domain/student';
import { BASE, studentPath } from './scope';
import { readQuery } from './read';
import { toNotices, type Notice } from '../boundary/notices';

/**
 * Communications (messenger VERSIONE_1), sent messages, notice board and news. The real backend's
 * shape of these answers is not known beyond the spec's field list, so the screens read the
 * contract's types; the threads of VERSIONE_2 go through `boundary/messages.ts`.
 */
export type Communication = Schemas['MessageCommunication'];
export type CommunicationDetail = Schemas['MessageCommunicationDetail'];
export type CommunicationConfirmation = Schemas['MessageConfirmation'];
export type MessageAttachment = Schemas['MessageAttachment'];
export type SentMessage = Schemas['MessageSent'];
export type { Notice };
export type NoticeConfirmation = Schemas['MessageNoticeConfirmation'];


/**
 * The lists never record the visit (profile_update=0, spec §5): what is new stays counted in the
 * sidebar until the item itself is opened.
 */
const listParams = (s: StudentScope, r: DayRange) => ({
  params: { path: studentPath(s), query: { data_inizio: r.from, data_fine: r.to, profile_update: 0 as const } },
});

export const communicationsQuery = (s: StudentScope, r: DayRange) => queryApi.queryOptions('get', `${BASE}/comunicazioni_elenco`, listParams(s, r));

export const sentMessagesQuery = (s: StudentScope, r: DayRange) => queryApi.queryOptions('get', `${BASE}/messaggi`, listParams(s, r));

/** Every cached communications list of the student, whatever its range. */
const communicationListsKey = (s: StudentScope) => ['get', `${BASE}/comunicazioni_elenco`, { params: { path: studentPath(s) } }];

function patchCommunication(client: QueryClient, s: StudentScope, id: number, patch: Partial<Communication>) {
  client.setQueriesData<Communication[]>({ queryKey: communicationListsKey(s) }, (old) =>
    old?.map((c) => (c.id_messaggio === id ? { ...c, ...patch } : c)),
  );
}

/**
 * Opening a communication marks it read on the server (GET comunicazioni/{id}); the lists and the
 * sidebar's count follow from what the server answered.
 */
export const communicationQuery = (s: StudentScope, id: number) => {
  const base = queryApi.queryOptions('get', `${BASE}/comunicazioni/{id}`, { params: { path: { ...studentPath(s), id } } });
  return {
    ...base,
    queryFn: async (ctx: Parameters<NonNullable<typeof base.queryFn>>[0]) => {
      const detail = await base.queryFn!(ctx);
      const { da_leggere, data_lettura, novita, conferma_lettura, sottoscrizione, data_sottoscrizione } = detail;
      patchCommunication(ctx.client, s, id, { da_leggere, data_lettura, novita, conferma_lettura, sottoscrizione, data_sottoscrizione });
      void ctx.client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
      return detail;
    },
  };
};

/** «Conferma lettura» (scope lettura) or «Presa visione» (scope presa_visione): done only once the server said ok. */
export const confirmCommunicationMutation = (s: StudentScope, id: number, scope: 'lettura' | 'presa_visione') =>
  mutationOptions({
    mutationKey: ['comunicazioni', s, id, scope],
    mutationFn: async () => {
      const { data } = await api.client.PUT(`${BASE}/comunicazioni/{id}`, { params: { path: { ...studentPath(s), id }, query: { scope } } });
      return data!;
    },
    onSuccess: (answer, _vars, _result, { client }) => {
      const { da_leggere, data_lettura, conferma_lettura, sottoscrizione, data_sottoscrizione } = answer;
      const flags = { da_leggere, data_lettura, conferma_lettura, sottoscrizione, data_sottoscrizione, novita: false };
      patchCommunication(client, s, id, flags);
      client.setQueryData<CommunicationDetail>(communicationQuery(s, id).queryKey, (old) => (old ? { ...old, ...flags } : old));
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
      return data!;
    },
    onSuccess: (answer, _vars, _result, { client }) => {
      const { da_leggere, data_lettura, adesione, data_adesione } = answer;
      const flags = { da_leggere, data_lettura, adesione, data_adesione, novita: false };
      client.setQueryData<Notice[]>(noticeBoardQuery(s).queryKey, (old) => old?.map((n) => (n.id === id ? { ...n, ...flags } : n)));
      client.setQueryData<Notice[]>(newsQuery(s).queryKey, (old) => old?.map((n) => (n.id === id ? { ...n, ...flags } : n)));
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

