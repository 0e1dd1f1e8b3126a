import { notFound, redirect } from '@tanstack/react-router';
import { findSection, isSectionOpen } from '../../domain/services';
import type { Schemas } from '../../api/client';

/**
 * A section opens only when the school has switched its service on for the student (spec §2, §6);
 * otherwise the user lands on Home, which explains that the school disabled the section.
 */
export function requireSection(path: string, ctx: { studentInfo: Schemas['StudentInfo']; student: Schemas['Student'] }) {
  const section = findSection(path);
  if (!section) throw notFound();
  if (!isSectionOpen(section, ctx.studentInfo.servizi, ctx.student.versione_messenger)) {
    throw redirect({ to: '/home', search: { avviso: 'sezione-disabilitata' }, replace: true });
  }
}
