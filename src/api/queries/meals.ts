import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { MealDay } from '../../domain/meals';
import type { StudentScope } from '../../domain/student';
import { toConsumedMeals, toMealCredit, toMealDay, toMealSummary } from '../boundary/meals';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

/** Meals (docs/product.md#meals): summary with the current day, one day by id, consumed meals, credit. */

export const mealsQuery = (s: StudentScope) => readQuery(`${BASE}/mense`, scoped(s), toMealSummary);

export const mealDayQuery = (s: StudentScope, id: number) =>
  readQuery(`${BASE}/mense/pasti/{id}`, { params: { path: { ...studentPath(s), id } } }, toMealDay);

export const consumedMealsQuery = (s: StudentScope) => readQuery(`${BASE}/mense/pasti`, scoped(s), toConsumedMeals);

export const mealCreditQuery = (s: StudentScope) => readQuery(`${BASE}/mense/credito`, scoped(s), toMealCredit);

/**
 * Books one service (exactly one code, "--" for no meal) for a day. The day's cache takes the
 * server's answer only once it said ok; whatever the outcome, the day is fetched again, since a
 * refusal (409: the deadline passed meanwhile) means it changed.
 */
export const bookMealMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['mense', 'pasti', s],
    mutationFn: async ({ id, codice }: { id: number; codice: string }): Promise<MealDay> => {
      const { data } = await api.client.PUT(`${BASE}/mense/pasti/{id}`, { params: { path: { ...studentPath(s), id } }, body: { servizi: [codice] } });
      const day = toMealDay(data);
      if (!day) throw new Error('Unreadable meal day');
      return day;
    },
    onSuccess: (day, { id }, _r, { client }) => client.setQueryData(mealDayQuery(s, id).queryKey, day),
    onSettled: (_day, _error, { id }, _r, { client }) =>
      Promise.all([client.invalidateQueries({ queryKey: mealDayQuery(s, id).queryKey }), client.invalidateQueries({ queryKey: mealsQuery(s).queryKey })]),
  });
