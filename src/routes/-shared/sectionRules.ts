// Loaded through guards.ts when the first signed-in page opens: the section list and its rules are
// not needed at /login (scripts/check-size.mjs).
import { notFound, redirect } from '@tanstack/react-router';
import { findSection, isSectionOpen, REFACTOR_SECTIONS } from '../../domain/services';
import { REFACTOR_ROUTES } from './features';
import { recordNavigation } from '../../domain/navigationState';
import type { KeyValueStorage } from '../../domain/tabStorage';
import type { Student, StudentInfo } from '../../domain/records';
import type { StudentScope } from '../../domain/student';

export interface StudentContext {
  studentInfo: StudentInfo;
  student: Student;
}

/**
 * A section opens only when the school has switched its service on for the student (docs/product.md#navigation);
 * otherwise the user lands on Home, which explains that the school disabled the section.
 */
export function checkSection(path: string, ctx: StudentContext) {
  const section = findSection(path, { refactorRoutes: REFACTOR_ROUTES });
  if (!section) throw notFound();
  if (!isSectionOpen(section, ctx.studentInfo.servizi, ctx.student.versione_messenger)) {
    throw redirect({ to: '/home', search: { avviso: 'sezione-disabilitata' }, replace: true });
  }
}

/** A conditional section (one with a service) that this student may open: opening it clears the date filter. */
export function opensConditionalSection(path: string, ctx: StudentContext): boolean {
  const section = findSection(path, { refactorRoutes: REFACTOR_ROUTES });
  return !!section && section.service !== null && isSectionOpen(section, ctx.studentInfo.servizi, ctx.student.versione_messenger);
}

/** docs/product.md#navigation: each protected navigation saves its state in the tab's session storage. */
export function saveProtectedNavigation(
  path: string,
  ctx: StudentContext & { scope: StudentScope },
  storage: KeyValueStorage = sessionStorage,
) {
  recordNavigation(
    storage,
    { path, scope: ctx.scope, savedAt: new Date().toISOString() /* a time stamp only: Temporal stays off the /login bundle */ },
    { clearsDateFilter: opensConditionalSection(path, ctx) },
  );
}

/** A path of the portal's section list (an unknown one is not found, signed in or not). */
export const isKnownSection = (path: string) => !!findSection(path, { refactorRoutes: REFACTOR_ROUTES });

/** The refactored pages have routes of their own, which exist only in a build with their flag. */
export const isHiddenRefactorPage = (pathname: string) =>
  !REFACTOR_ROUTES && REFACTOR_SECTIONS.some((s) => pathname.replace(/\/$/, '') === s.path);
