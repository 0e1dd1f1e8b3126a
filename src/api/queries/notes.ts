import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { Schemas } from '../client';
import { updatesQuery } from './student';
import type { StudentScope } from '../../domain/student';

export type Annotation = Schemas['AnnotationItem'];
export type DisciplinaryNote = Schemas['NoteDisciplinare'];
export type TutorNote = Schemas['TutorNote'];
export type ReportCard = Schemas['ReportCard'];

const BASE = '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}' as const;

const path = (s: StudentScope) => ({ id_scuola: s.id_scuola, id_studente: s.id_studente, anno: s.anno });
const scoped = (s: StudentScope) => ({ params: { path: path(s) } });

export const annotationsQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/annotazioni_plain`, scoped(s));

export const disciplinaryNotesQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/note_plain`, scoped(s));

export const tutorNotesQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/note_tutor`, scoped(s));

export const reportCardsQuery = (s: StudentScope) => api.query.queryOptions('get', `${BASE}/pagelle_plain`, scoped(s));

/** Presa visione of a disciplinary note (spec §4): shown as done once the server said ok; the counts follow. */
export const acknowledgeDisciplinaryNoteMutation = (s: StudentScope, id: number) =>
  mutationOptions({
    mutationKey: ['presa_visione_note', s, id],
    mutationFn: async () => {
      const { data } = await api.client.PUT(`${BASE}/presa_visione_note/{id}`, { params: { path: { ...path(s), id } } });
      return data!;
    },
    onSuccess: (note, _vars, _result, { client }) => {
      client.setQueryData<DisciplinaryNote[]>(disciplinaryNotesQuery(s).queryKey, (old) => old?.map((n) => (n.id === note.id ? note : n)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

/** Marks a tutor note as seen (POST note_tutor { id_nota }) and updates the cached list. */
export const markTutorNoteReadMutation = (s: StudentScope, idNota: number) =>
  mutationOptions({
    mutationKey: ['note_tutor', s, idNota],
    mutationFn: async () => {
      const { data } = await api.client.POST(`${BASE}/note_tutor`, { params: { path: path(s) }, body: { id_nota: idNota } });
      return data!;
    },
    onSuccess: (note, _vars, _result, { client }) => {
      client.setQueryData<TutorNote[]>(tutorNotesQuery(s).queryKey, (old) => old?.map((n) => (n.id_nota === note.id_nota ? note : n)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });

/**
 * The report card's PDF as a blob, fetched by the API client so it carries the session in the
 * Authorization header (a token never goes into a URL).
 */
export async function downloadReportCard(s: StudentScope, id: number): Promise<Blob> {
  const { data } = await api.client.GET(`${BASE}/pagelle/{id}/allegato`, {
    params: { path: { ...path(s), id } },
    parseAs: 'blob',
  });
  return data!;
}
