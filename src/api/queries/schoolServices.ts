import { mutationOptions, type MutationFunctionContext } from '@tanstack/react-query';
import { outcomeUnknown } from '../../domain/failure';
import { failureOf } from '../failure';
import { api } from '../api';
import type { SchoolDocument, WorkExperienceProject } from '../../domain/records';
import type { StudentScope } from '../../domain/student';
import { toDocuments, toElections, toWorkExperienceProject, toWorkExperienceProjects } from '../boundary/schoolServices';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

export const workExperienceQuery = (s: StudentScope) => readQuery(`${BASE}/alternanzaweb`, scoped(s), toWorkExperienceProjects);

export const electionsQuery = (s: StudentScope) => readQuery(`${BASE}/elezioni`, scoped(s), toElections, { staleTime: 10 * 60_000 });

export const documentsQuery = (s: StudentScope) => readQuery(`${BASE}/documenti`, scoped(s), toDocuments);

/**
 * Subscribing or cancelling changes the list only when the server said ok: its answer replaces the
 * project, then the list is fetched again (the places left may have changed). A refusal leaves the
 * list as it was; no answer at all reads it again, so the screen shows whether the change went through.
 */
function projectOf(raw: unknown): WorkExperienceProject {
  const project = toWorkExperienceProject(raw);
  if (!project) throw new Error('work-experience answer without a project');
  return project;
}

const projectChanged = (s: StudentScope) => ({
  onSuccess: async (project: WorkExperienceProject, _vars: unknown, _r: unknown, { client }: MutationFunctionContext) => {
    const key = workExperienceQuery(s).queryKey;
    client.setQueryData<WorkExperienceProject[]>(key, (old) => old?.map((p) => (p.id === project.id ? project : p)));
    await client.invalidateQueries({ queryKey: key });
  },
  onError: async (e: Error, _vars: unknown, _r: unknown, { client }: MutationFunctionContext) => {
    if (outcomeUnknown(failureOf(e))) await client.invalidateQueries({ queryKey: workExperienceQuery(s).queryKey });
  },
});

export const subscribeWorkExperienceMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['alternanzaweb', s, 'iscrizione'],
    mutationFn: async ({ id }: { id: number }) => projectOf((await api.client.PUT(`${BASE}/alternanzaweb/{id}`, { params: { path: { ...studentPath(s), id } } })).data),
    ...projectChanged(s),
  });

export const cancelWorkExperienceMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['alternanzaweb', s, 'annullamento'],
    mutationFn: async ({ id }: { id: number }) => projectOf((await api.client.DELETE(`${BASE}/alternanzaweb/{id}`, { params: { path: { ...studentPath(s), id } } })).data),
    ...projectChanged(s),
  });

/**
 * A document's file as a blob, through the API client so the session travels in the Authorization
 * header (never in a URL); only a path of the API origin may receive it.
 */
export async function downloadDocument(doc: SchoolDocument): Promise<Blob> {
  if (!doc.allegato) throw new Error('document without a file');
  const url = new URL(doc.allegato.url, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error(`document file outside the API origin: ${url.origin}`);
  const get = api.client.GET as unknown as (p: string, i: { parseAs: 'blob' }) => Promise<{ data?: Blob }>;
  const { data } = await get(url.pathname + url.search, { parseAs: 'blob' });
  return data!;
}
