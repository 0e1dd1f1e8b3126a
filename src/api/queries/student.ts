import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { Schemas } from '../client';
import type { StudentScope } from '../../domain/student';

export type Grade = Schemas['Grade'];
export type Subject = Schemas['Subject'];
export type Update = Schemas['Update'];

/**
 * Every per-student call is addressed by school, student and year, and openapi-react-query puts
 * the path parameters in the query key: data of one student or year can never answer for another.
 */
const scoped = (s: StudentScope) => ({
  params: { path: { id_scuola: s.id_scuola, id_studente: s.id_studente, anno: s.anno } },
});

export const studentInfoQuery = (s: StudentScope) =>
  api.query.queryOptions('get', '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/studente/info', scoped(s));

export const subjectsQuery = (s: StudentScope) =>
  api.query.queryOptions('get', '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/materie_nextapi', scoped(s), {
    staleTime: 10 * 60_000,
  });

export const updatesQuery = (s: StudentScope) =>
  api.query.queryOptions('get', '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/aggiornamenti_nextapi', scoped(s));

export const gradesQuery = (s: StudentScope) =>
  api.query.queryOptions('get', '/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/voti_plain', scoped(s));

/**
 * Presa visione of a grade (spec §4). The grade shows as seen as soon as the server has said ok;
 * the sidebar counts follow in the background.
 */
export const acknowledgeGradeMutation = (s: StudentScope, id: number) =>
  mutationOptions({
    mutationKey: ['presa_visione_voti', s, id],
    mutationFn: async () => {
      const { data } = await api.client.PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/presa_visione_voti/{id}', {
        params: { path: { ...scoped(s).params.path, id } },
      });
      return data!;
    },
    onSuccess: (grade, _vars, _result, { client }) => {
      client.setQueryData<Grade[]>(gradesQuery(s).queryKey, (old) => old?.map((g) => (g.id === grade.id ? grade : g)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });
