import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import type { AgendaItem, HomeworkItem, Lesson, TopicItem } from '../../domain/records';
import { toAgenda, toHomework, toLessons, toTopics } from '../boundary/teaching';
import { toSchoolCalendar, toScheduledTests, toTeachingMaterials, type SchoolCalendar, type ScheduledTest, type TeachingMaterial, type TeachingMaterialAttachment } from '../boundary/lessonLists';
import { knownSubjects, subjectsQuery } from './student';
import { readQuery } from './read';
import { hasService, type ServiceFlags } from '../../domain/services';
import { agendaCalendar, type AgendaCalendarWords } from '../../domain/agendaExport';
import type { DayRange } from '../../domain/isoDate';
import type { StudentScope } from '../../domain/student';
import { Temporal } from '../../domain/temporal';
import { BASE, scoped, studentPath } from './scope';

export type { AgendaItem, HomeworkItem, Lesson, TopicItem };
export type { SchoolCalendar, ScheduledTest, TeachingMaterial, TeachingMaterialAttachment };



/**
 * School, student and year are path parameters and the range is a query parameter, and
 * openapi-react-query keys a query by all of them: one range's data never answers for another.
 * Missing ends are left out rather than sent empty, so "whole year" has one key.
 */
/** A missing end of the range is the school year's own. */
const scopedWithRange = (s: StudentScope, range: Partial<DayRange>) => ({
  params: {
    path: studentPath(s),
    query: {
      ...(range.from ? { data_inizio: range.from } : {}),
      ...(range.to ? { data_fine: range.to } : {}),
    },
  },
});



export const schoolCalendarQuery = (s: StudentScope) =>
  readQuery(`${BASE}/calendario_scolastico`, scoped(s), toSchoolCalendar, { staleTime: 10 * 60_000 });

export const agendaQuery = (s: StudentScope, range: Partial<DayRange>) =>
  readQuery(`${BASE}/agenda_plain`, scopedWithRange(s, range), async (raw, client) => toAgenda(raw, await knownSubjects(client, s)));

export const timetableQuery = (s: StudentScope, range: Partial<DayRange>) =>
  readQuery(`${BASE}/orario_plain`, scopedWithRange(s, range), async (raw, client) => toLessons(raw, await knownSubjects(client, s)), {
    staleTime: 10 * 60_000,
  });

export const topicsQuery = (s: StudentScope, range: Partial<DayRange>) =>
  readQuery(`${BASE}/argomenti_plain`, scopedWithRange(s, range), async (raw, client) => toTopics(raw, await knownSubjects(client, s)));

export const homeworkQuery = (s: StudentScope, range: Partial<DayRange>) =>
  readQuery(`${BASE}/compiti_plain`, scopedWithRange(s, range), async (raw, client) => toHomework(raw, await knownSubjects(client, s)));

export const testsQuery = (s: StudentScope) => readQuery(`${BASE}/verifiche`, scoped(s), toScheduledTests);

export const teachingMaterialsQuery = (s: StudentScope) => readQuery(`${BASE}/materiale_didattico`, scoped(s), toTeachingMaterials);

/** The ids in an attachment's url (`…/materiale_didattico/{id}/allegati/{id_allegato}`). */
const ATTACHMENT_URL = /\/materiale_didattico\/(\d+)\/allegati\/(\d+)\/?$/;

/**
 * One attachment of teaching material as a blob, fetched through the API client so the JWT travels
 * in the Authorization header (never in a URL) and a 401 is refreshed like any other call.
 */
export async function fetchTeachingMaterialAttachment(s: StudentScope, attachment: TeachingMaterialAttachment): Promise<Blob> {
  const match = ATTACHMENT_URL.exec(new URL(attachment.url, 'http://portale.invalid').pathname);
  if (!match) throw new Error(`Unexpected attachment url: ${attachment.url}`);
  const { data } = await api.client.GET(`${BASE}/materiale_didattico/{id}/allegati/{id_allegato}`, {
    params: { path: { ...studentPath(s), id: Number(match[1]), id_allegato: Number(match[2]) } },
    parseAs: 'blob',
  });
  return data!;
}

/**
 * What the agenda's calendar export needs for a range, through the cache: the agenda, the homework
 * and the tests (each only when its service is on) and the subjects that name them.
 */
export async function fetchAgendaExport(queryClient: QueryClient, s: StudentScope, servizi: ServiceFlags, range: Partial<DayRange>) {
  const [agenda, homework, tests, subjects] = await Promise.all([
    queryClient.fetchQuery(agendaQuery(s, range)),
    hasService(servizi, 'compiti') ? queryClient.fetchQuery(homeworkQuery(s, range)) : [],
    hasService(servizi, 'verifiche') ? queryClient.fetchQuery(testsQuery(s)) : [],
    queryClient.fetchQuery(subjectsQuery(s)),
  ]);
  return { agenda, homework, tests, subjects };
}

/**
 * The agenda's calendar file (iCalendar text) for a range: its data through the cache, its events by
 * the export's rules (domain/agendaExport.ts), written by domain/icalendarFile, whose library loads
 * only now, when someone exports.
 */
export async function agendaCalendarFile(
  queryClient: QueryClient,
  s: StudentScope,
  servizi: ServiceFlags,
  range: DayRange,
  { today, words }: { today: Temporal.PlainDate; words: AgendaCalendarWords },
): Promise<string> {
  const [data, { buildICalendar }] = await Promise.all([fetchAgendaExport(queryClient, s, servizi, range), import('../../domain/icalendarFile')]);
  return buildICalendar(
    agendaCalendar(data, { range, today, scope: s, words, prodId: `-//Portale Famiglie//Agenda ${__APP_VERSION__}//IT`, stamp: Temporal.Now.instant() }),
  );
}
