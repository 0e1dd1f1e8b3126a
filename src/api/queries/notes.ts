import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { Schemas } from '../client';
import type { StudentScope } from '../../machines/session.machine';
import { knownSubjects, updatesQuery } from './student';
import type { Annotation, ReportCard } from '../../domain/records';
import { toAnnotations, toReportCards } from '../boundary/teaching';
import { readQuery } from './read';

export type { Annotation, ReportCard };
export type DisciplinaryNote = Schemas['NoteDisciplinare'];
export type TutorNote = Schemas['TutorNote'];

const BASE = '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}' as const;

const path = (s: StudentScope) => ({ id_scuola: s.id_scuola, id_studente: s.id_studente, anno: s.anno });
const scoped = (s: StudentScope) => ({ params: { path: path(s) } });

export const annotationsQuery = (s: StudentScope) =>
  readQuery(`${BASE}/annotazioni_plain`, scoped(s), async (raw, client) => toAnnotations(raw, await knownSubjects(client, s)));

export const disciplinaryNotesQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/note_plain`, scoped(s));

export const tutorNotesQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/note_tutor`, scoped(s));

export const reportCardsQuery = (s: StudentScope) => readQuery(`${BASE}/pagelle_plain`, scoped(s), toReportCards);

/** Presa visione of a disciplinary note (spec §4); the cached list and the update counts follow. */
export async function acknowledgeDisciplinaryNote(queryClient: QueryClient, s: StudentScope, id: number): Promise<DisciplinaryNote> {
  const { data } = await api.client.PUT(`${BASE}/presa_visione_note/{id}`, { params: { path: { ...path(s), id } } });
  const note = data!;
  queryClient.setQueryData<DisciplinaryNote[]>(disciplinaryNotesQuery(s).queryKey, (old) =>
    old?.map((n) => (n.id === note.id ? note : n)),
  );
  await queryClient.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
  return note;
}

/** Marks a tutor note as seen (POST note_tutor { id_nota }) and updates the cached list. */
export async function markTutorNoteRead(queryClient: QueryClient, s: StudentScope, idNota: number): Promise<TutorNote> {
  const { data } = await api.client.POST(`${BASE}/note_tutor`, { params: { path: path(s) }, body: { id_nota: idNota } });
  const note = data!;
  queryClient.setQueryData<TutorNote[]>(tutorNotesQuery(s).queryKey, (old) =>
    old?.map((n) => (n.id_nota === note.id_nota ? note : n)),
  );
  await queryClient.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
  return note;
}

/**
 * The report card's PDF as a blob, fetched by the API client so it carries the session in the
 * Authorization header (a token never goes into a URL).
 */
export async function downloadReportCard(card: ReportCard): Promise<Blob> {
  const file = card.allegati[0];
  if (!file) throw new Error('report card without a file');
  // The file's address comes from the answer; only a path of the API origin may receive the session.
  const url = new URL(file.url, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error(`report card file outside the API origin: ${url.origin}`);
  const get = api.client.GET as unknown as (p: string, i: { parseAs: 'blob' }) => Promise<{ data?: Blob }>;
  const { data } = await get(url.pathname + url.search, { parseAs: 'blob' });
  return data!;
}
