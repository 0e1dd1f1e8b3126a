/**
 * Per-student authorisation, the same for the core and every area: the signed-in user must have
 * the student, the student must be in that school and enrolled in that year (else 403 "Accesso non
 * consentito": nothing tells another family's students apart from students that do not exist);
 * and, for a section, the section's service must be on for the student's year (else 403 "Servizio
 * non attivo per lo studente").
 *
 * The areas used two error codes for a switched-off service: `service_disabled` (didattica,
 * assenze, messaggi, colloqui, alternanza, elezioni, documenti) and `servizio_non_attivo`
 * (pagamenti, mense, servizi_giornalieri). The contract documents `servizio_non_attivo` (the
 * `403` responses of pagamenti, mense and servizi_giornalieri, and core's `Forbidden`), so every
 * area now answers that one.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ServiceKey } from './services';
import { ApiError, forbidden } from './errors';
import type { EnrolmentRow } from '../repositories/students';
import { requireUser, type AuthenticatedUser } from '../security';

export const SERVICE_OFF_DETAIL = 'Servizio non attivo per lo studente';
export const SERVICE_OFF_ERROR = 'servizio_non_attivo';

/** 403 for a service switched off (by default the student's; `detail` names another switch, e.g. the school's). */
export const serviceOff = (detail = SERVICE_OFF_DETAIL): ApiError => new ApiError(403, detail, SERVICE_OFF_ERROR);

export interface StudentPath {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export interface StudentAccess {
  user: AuthenticatedUser;
  enrolment: EnrolmentRow;
  /** The student's services that year (read on first use). */
  readonly servizi: Record<string, boolean>;
  /** First calendar year of the school year in the path (2026 for 2026_2027). */
  startYear: number;
}

/**
 * `access(request)` checks the student of the path; `access(request, 'agenda')` also the service;
 * with several services, any one of them on is enough (e.g. attachments of communications or news).
 */
export type StudentAccessCheck = (request: FastifyRequest, ...anyOf: ServiceKey[]) => StudentAccess;

export function studentAccess(ctx: AppContext): StudentAccessCheck {
  return (request, ...anyOf) => {
    const user = requireUser(request);
    const { id_scuola, id_studente, anno } = request.params as StudentPath;
    const enrolment = ctx.students.findEnrolment(user.id_utente, id_studente, id_scuola, anno);
    if (!enrolment) throw forbidden();
    let servizi: Record<string, boolean> | undefined;
    const access: StudentAccess = {
      user,
      enrolment,
      get servizi() {
        servizi ??= ctx.students.services(enrolment.id, enrolment.anno);
        return servizi;
      },
      startYear: Number(anno.slice(0, 4)),
    };
    if (anyOf.length > 0 && !anyOf.some((service) => access.servizi[service] === true)) throw serviceOff();
    return access;
  };
}
