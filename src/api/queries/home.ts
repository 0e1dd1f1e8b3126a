import { queryOptions, type QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { Temporal } from '../../domain/temporal';
import type { Student, StudentInfo } from '../../domain/records';
import { hasService, type ServiceFlags } from '../../domain/services';
import type { StudentScope } from '../../domain/student';
import { homeworkQuery, testsQuery, timetableQuery } from './lessons';
import { mealsQuery } from './meals';
import { meetingsSoonQuery } from './meetings';
import { disciplinaryNotesQuery } from './notes';
import { gradesQuery } from './grades';
import { studentInfoQuery, subjectsQuery } from './student';

/** Today's lessons (Home's "Oggi"). */
export const todayLessonsQuery = (s: StudentScope, today: Temporal.PlainDate) => timetableQuery(s, { from: today.toString(), to: today.toString() });

/** Homework due today or tomorrow (Home's "Oggi"). */
export const homeworkDueQuery = (s: StudentScope, today: Temporal.PlainDate) =>
  homeworkQuery(s, { from: today.toString(), to: today.add({ days: 1 }).toString() });

/** The meal credit for Home's low-credit alert: an aid, its failure stays out of the API error dialog. */
export const mealCreditAlertQuery = (s: StudentScope) => ({ ...mealsQuery(s), meta: { errorDialog: false } });

/**
 * Home's "Oggi", one options factory per block, each only when its service is on (null otherwise):
 * today's lessons, homework due today or tomorrow, grades, notes, tests, and the two alerts (a
 * meeting less than 36 hours away, a low meal credit). Each block renders from its entry and Home's
 * loader waits for the same entries, so the cache answers the blocks with what the loader fetched.
 */
export function todayQueries(scope: StudentScope, servizi: ServiceFlags, today: Temporal.PlainDate) {
  const on = (service: string) => hasService(servizi, service);
  return {
    lessons: on('orario') ? todayLessonsQuery(scope, today) : null,
    homework: on('compiti') ? homeworkDueQuery(scope, today) : null,
    grades: on('voti') ? gradesQuery(scope) : null,
    notes: on('note') ? disciplinaryNotesQuery(scope) : null,
    tests: on('verifiche') ? testsQuery(scope) : null,
    meetingsSoon: meetingsSoonQuery(scope, servizi, today),
    mealCredit: on('mense') ? mealCreditAlertQuery(scope) : null,
  };
}

/**
 * Another child's info for its family Home block (class, school, the services that decide its
 * parts): the student's info call, cached apart from the session's, so that opening that child still
 * reads its info afresh (docs/product.md#student-menu) and a failed opening never turns the block
 * into an error.
 */
export const familyMemberInfoQuery = (s: StudentScope, student: Student) => {
  const info = studentInfoQuery(s, student);
  const read = info.queryFn as QueryFunction<StudentInfo, typeof info.queryKey>;
  return queryOptions({
    queryKey: ['famiglia', ...info.queryKey] as const,
    queryFn: (context) => read({ ...context, queryKey: info.queryKey }),
  });
};

/**
 * Starts the calls of another child's family Home block (docs/product.md#home, "Family Home"): its
 * info (class, school, and the services that decide its parts), then its day's parts and subjects,
 * all at once. Home's loader starts it for every child but the open one, beside the open child's
 * calls, and does not wait: each child's block shows as soon as its own data is there. Never rejects: a failed call shows in its block.
 */
export async function prefetchFamilyMember(client: QueryClient, scope: StudentScope, student: Student, today: Temporal.PlainDate): Promise<void> {
  let servizi: ServiceFlags;
  try {
    servizi = (await client.fetchQuery(familyMemberInfoQuery(scope, student))).servizi;
  } catch {
    return;
  }
  const day = todayQueries(scope, servizi, today);
  await Promise.all([
    client.prefetchQuery(subjectsQuery(scope)),
    day.lessons && client.prefetchQuery(day.lessons),
    day.homework && client.prefetchQuery(day.homework),
    day.tests && client.prefetchQuery(day.tests),
    day.grades && client.prefetchQuery(day.grades),
    day.notes && client.prefetchQuery(day.notes),
    day.meetingsSoon && client.prefetchQuery(day.meetingsSoon),
    day.mealCredit && client.prefetchQuery(day.mealCredit),
  ]);
}
