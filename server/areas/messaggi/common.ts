import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, forbidden } from '../../errors';
import type { EnrolmentRow } from '../../repositories/students';
import { requireUser } from '../../security';

/**
 * Helpers shared by the areas messaggi, colloqui, alternanza, elezioni and documenti: per-student
 * authorisation with the service flag, a deterministic pseudo-random source for the seeds (the
 * same mulberry32 as server/db/seed.ts, which does not export its class) and a tiny PDF writer.
 */

interface StudentPath {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export const serviceOff = (): ApiError => new ApiError(403, 'Servizio non attivo per lo studente', 'service_disabled');
export const badRequest = (detail: string): ApiError => new ApiError(400, detail, 'bad_request');

/**
 * Like `enrolmentOf` in server/handlers/student.ts (any mismatch of user, school, student and year
 * is the same 403), plus the service flag of the call (`services` off → 403 with its own detail).
 */
export function studentGuard(ctx: AppContext) {
  return function enrolment(request: FastifyRequest, ...services: string[]): EnrolmentRow & { id_utente: number; tipo_utente: string } {
    const user = requireUser(request);
    const { id_scuola, id_studente, anno } = request.params as StudentPath;
    const e = ctx.students.findEnrolment(user.id_utente, id_studente, id_scuola, anno);
    if (!e) throw forbidden();
    if (services.length > 0) {
      const flags = ctx.students.services(e.id, e.anno);
      if (!services.some((s) => flags[s] === true)) throw serviceOff();
    }
    return { ...e, id_utente: user.id_utente, tipo_utente: ctx.users.findById(user.id_utente)?.tipo ?? 'genitore' };
  };
}

/** The core seed's deterministic generator, so every area's demo data is reproducible the same way. */
export { Random } from '../../db/seed';

/** The demo students and years every area seeds (see server/db/seed.ts). */
export interface SeedEnrolment {
  id_studente: number;
  id_scuola: string;
  anno: string;
  classe: string;
  current: boolean;
}

export function seedEnrolments(db: import('../../db/database').Db): SeedEnrolment[] {
  const rows = db
    .prepare<[], { id_studente: number; id_scuola: string; anno: string; classe: string; anno_corrente: string }>(
      `SELECT i.id_studente, s.id_scuola, i.anno, i.classe, s.anno_corrente
         FROM iscrizioni i JOIN studenti s ON s.id = i.id_studente
        ORDER BY i.id_studente, i.anno`,
    )
    .all();
  return rows.map((r) => ({ id_studente: r.id_studente, id_scuola: r.id_scuola, anno: r.anno, classe: r.classe, current: r.anno === r.anno_corrente }));
}

/** Teachers of a class in a year, with the subjects each teaches there (ordered by teacher id). */
export function classTeachers(
  db: import('../../db/database').Db,
  idScuola: string,
  anno: string,
  classe: string,
): { id: number; nome: string; materie: string[] }[] {
  const rows = db
    .prepare<[string, string, string], { id: number; nome: string; materia: string }>(
      `SELECT p.id, p.nome, m.descrizione AS materia
         FROM materie m
         JOIN materie_professori mp ON mp.id_materia = m.id
         JOIN professori p ON p.id = mp.id_professore
        WHERE m.id_scuola = ? AND m.anno = ? AND m.classe = ?
        ORDER BY p.id, m.ordinamento`,
    )
    .all(idScuola, anno, classe);
  const byId = new Map<number, { id: number; nome: string; materie: string[] }>();
  for (const r of rows) {
    const t = byId.get(r.id) ?? { id: r.id, nome: r.nome, materie: [] };
    t.materie.push(r.materia);
    byId.set(r.id, t);
  }
  return [...byId.values()];
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A small valid one-page PDF (Helvetica, A4) holding `lines` of Latin-1 text. */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const esc = (s: string) =>
    s
      .normalize('NFC')
      .replace(/[^\x20-\xff]/g, '?')
      .replace(/([\\()])/g, '\\$1');
  const text = [
    'BT /F1 16 Tf 56 780 Td',
    `(${esc(title)}) Tj`,
    '/F1 11 Tf 0 -28 Td 15 TL',
    ...lines.map((l) => `(${esc(l)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
