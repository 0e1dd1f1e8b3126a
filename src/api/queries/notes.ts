import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api';
import { knownSubjects, updatesQuery } from './student';
import type { Annotation, DisciplinaryNote, ReportCard } from '../../domain/records';
import { toAnnotations, toDisciplinaryNote, toDisciplinaryNotes, toReportCards } from '../boundary/teaching';
import { toTutorNotes, type TutorNote } from '../boundary/lessonLists';
import { readQuery } from './read';
import type { StudentScope } from '../../domain/student';
import { BASE, scoped, studentPath } from './scope';

export type { Annotation, DisciplinaryNote, ReportCard };
export type { TutorNote };

export const annotationsQuery = (s: StudentScope) =>
  readQuery(`${BASE}/annotazioni_plain`, scoped(s), async (raw, client) => toAnnotations(raw, await knownSubjects(client, s)));

export const disciplinaryNotesQuery = (s: StudentScope) => readQuery(`${BASE}/note_plain`, scoped(s), toDisciplinaryNotes);

export const tutorNotesQuery = (s: StudentScope) => readQuery(`${BASE}/note_tutor`, scoped(s), toTutorNotes);

export const reportCardsQuery = (s: StudentScope) => readQuery(`${BASE}/pagelle_plain`, scoped(s), toReportCards);

/**
 * Presa visione of a disciplinary note (docs/product.md#notes): shown as done once the server said ok; the counts
 * follow. The answer goes through the same reader as the list; a backend that answers with less
 * than a note still acknowledged it: the cached note is marked, and the list refetched for the time.
 */
export const acknowledgeDisciplinaryNoteMutation = (s: StudentScope, id: number) =>
  mutationOptions({
    mutationKey: ['presa_visione_note', s, id],
    mutationFn: async (_: void, { client }): Promise<DisciplinaryNote> => {
      const { data } = await api.client.PUT(`${BASE}/presa_visione_note/{id}`, { params: { path: { ...studentPath(s), id } } });
      const { queryKey } = disciplinaryNotesQuery(s);
      const old = client.getQueryData(queryKey)?.find((n) => n.id === id);
      const note = toDisciplinaryNote(data) ?? (old ? { ...old, presa_visione: true, novita: false } : null);
      if (note?.data_presa_visione == null) void client.invalidateQueries({ queryKey });
      if (note) return note;
      throw new Error('acknowledged note not found');
    },
    onSuccess: (note, _vars, _result, { client }) => {
      client.setQueryData(disciplinaryNotesQuery(s).queryKey, (list) => list?.map((n) => (n.id === note.id ? note : n)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

/** Marks a tutor note as seen (POST note_tutor { id_nota }) and updates the cached list. */
export const markTutorNoteReadMutation = (s: StudentScope, idNota: number) =>
  mutationOptions({
    mutationKey: ['note_tutor', s, idNota],
    mutationFn: async () => {
      const { data } = await api.client.POST(`${BASE}/note_tutor`, { params: { path: studentPath(s) }, body: { id_nota: idNota } });
      // Through the list's reader: an answer with less than a note still marked it read.
      return toTutorNotes([data]).find((n) => n.id_nota === idNota) ?? null;
    },
    onSuccess: (note, _vars, _result, { client }) => {
      client.setQueryData(tutorNotesQuery(s).queryKey, (old) => old?.map((n) => (n.id_nota !== idNota ? n : (note ?? { ...n, letta: true }))));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

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

/** A report card's PDF, for the page that shows it: it lives only as long as that page does. */
export const reportCardPdfQuery = (s: StudentScope, card: ReportCard) =>
  queryOptions({
    queryKey: ['pagella-pdf', s.id_scuola, s.id_studente, s.anno, card.id],
    queryFn: () => downloadReportCard(card),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    meta: { errorDialog: false },
  });
