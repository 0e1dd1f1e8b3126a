import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { Grade, Subject } from '../../domain/records';
import type { StudentScope } from '../../domain/student';
import { toGrade, toGrades } from '../boundary/teaching';
import { readQuery } from './read';
import { scoped } from './scope';
import { knownSubjects, subjectsQuery, updatesQuery } from './student';

export type { Grade };

export const gradesQuery = (s: StudentScope) =>
  readQuery('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/voti_plain', scoped(s), async (raw, client) =>
    toGrades(raw, await knownSubjects(client, s)),
  );

/**
 * Presa visione of a grade (docs/product.md#grades). The grade shows as seen as soon as the server has said ok;
 * the sidebar counts follow in the background.
 */
export const acknowledgeGradeMutation = (s: StudentScope, id: number) =>
  mutationOptions({
    mutationKey: ['presa_visione_voti', s, id],
    mutationFn: async (_: void, { client }): Promise<Grade> => {
      const { data } = await api.client.PUT('/api/v3/scuole/{id_scuola}/studenti/{id_studente}/{anno}/presa_visione_voti/{id}', {
        params: { path: { ...scoped(s).params.path, id } },
      });
      const old = client.getQueryData<Grade[]>(gradesQuery(s).queryKey)?.find((g) => g.id === id);
      // A backend that answers with less than a grade still acknowledged it: the cached grade is marked.
      const grade = toGrade(data, client.getQueryData<Subject[]>(subjectsQuery(s).queryKey) ?? []) ?? (old ? { ...old, presa_visione: true, novita: false } : null);
      if (grade) return grade;
      void client.invalidateQueries({ queryKey: gradesQuery(s).queryKey });
      throw new Error('acknowledged grade not found');
    },
    onSuccess: (grade, _vars, _result, { client }) => {
      client.setQueryData<Grade[]>(gradesQuery(s).queryKey, (list) => list?.map((g) => (g.id === grade.id ? grade : g)));
      void client.invalidateQueries({ queryKey: updatesQuery(s).queryKey });
    },
  });
