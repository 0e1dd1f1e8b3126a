import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, conflict, notFound } from '../../shared/errors';
import { romeInstant, toRomeDisplay, toRomeIso, weekday } from '../../shared/time';
import type { OperationHandler } from '../area';
import { didatticaRepository } from './repository';
import { lessonEnd, lessonStart } from './seed';
import { studentAccess, type StudentAccess } from '../../shared/access';
import { holidaysOf, schoolDays, schoolYearRange, type DateRange } from '../../shared/calendar';
import { sendFile, slug } from '../../shared/files';
import { pdfDocument, type PdfLine } from '../../shared/pdf';

/** Where the per-student calls of a student's year live; attachment urls are built on it. */
const basePath = ({ enrolment: e }: StudentAccess): string =>
  `/api/v3/scuole/${encodeURIComponent(e.id_scuola)}/studenti/${e.id}/${e.anno}`;

const displayDate = (date: string): string => date.split('-').reverse().join('-');

/** A school day as real backends send it: a date-time with offset, at the start of the day in Rome. */
const dayTime = (date: string): string => toRomeIso(romeInstant(date, '00:00'));

/** Text fields of real answers come with HTML entities (`DELL&#039;ARTE`); the portal decodes them. */
const entities = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0)).padStart(3, '0')};`);

/** `data_inizio` / `data_fine` of the query (both optional, already format-checked); default the school year. */
function requestedRange(request: FastifyRequest, startYear: number): DateRange {
  const { data_inizio, data_fine } = (request.query ?? {}) as { data_inizio?: string; data_fine?: string };
  const year = schoolYearRange(startYear);
  const range = { from: data_inizio ?? year.from, to: data_fine ?? year.to };
  if (range.from > range.to) throw badRequest('data_inizio non può essere successiva a data_fine');
  return range;
}

/** Initials avatar; colours dark enough for white text (WCAG AA). */
const AVATAR_COLOURS = ['#0B5CAD', '#1E7B34', '#8E2C8A', '#A8420C', '#00626B', '#5C3EA8'];
function avatar(nome: string, cognome: string, id: number): string {
  const initials = `${nome.charAt(0)}${cognome.charAt(0)}`.toUpperCase().replace(/[^A-ZÀ-Ý]/g, '');
  const label = `${nome} ${cognome}`.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const fill = AVATAR_COLOURS[id % AVATAR_COLOURS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${label}">` +
    `<rect width="256" height="256" rx="128" fill="${fill}"/>` +
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="'Titillium Web', Arial, sans-serif" font-size="104" font-weight="600" fill="#FFFFFF">${initials}</text>` +
    '</svg>'
  );
}

export function didatticaHandlers(ctx: AppContext, db: Db): Record<string, OperationHandler> {
  const repo = didatticaRepository(db);
  const scope = studentAccess(ctx);
  const idParam = (request: FastifyRequest): number => (request.params as { id: number }).id;

  return {
    async getSchoolCalendar(request: FastifyRequest) {
      const s = scope(request);
      return {
        attivita: repo.activities(s.enrolment.id_scuola, s.enrolment.anno),
        festivita: holidaysOf(s.startYear),
      };
    },

    async getAgenda(request: FastifyRequest) {
      const s = scope(request, 'agenda');
      const { from, to } = requestedRange(request, s.startYear);
      // Real shape: start and end as date-times, the text in `sottotitolo` with CR LF line ends, no
      // kind (the titles say it). The subject id stays: nothing else in the answer names it.
      return repo.agenda(s.enrolment.id, s.enrolment.anno, from, to).map((a) => ({
        data: a.data_ora_inizio,
        data_fine: a.data_ora_fine,
        titolo: entities(a.titolo),
        sottotitolo: entities(a.dettaglio).replace(/\n/g, '\r\n'),
        id_materia: a.id_materia,
        novita: a.novita,
      }));
    },

    async getAnnotations(request: FastifyRequest) {
      const s = scope(request, 'annotazioni');
      // Real shape: no id, the day as a date-time, the subject by name in `titolo`.
      return repo.annotations(s.enrolment.id, s.enrolment.anno).map((a) => ({
        data: dayTime(a.data),
        titolo: entities(a.materia),
        simbolo: a.simbolo,
        descrizione_simbolo: entities(a.descrizione_simbolo),
        dettaglio: entities(a.dettaglio),
        novita: a.novita,
      }));
    },

    async getDisciplinaryNotes(request: FastifyRequest) {
      const s = scope(request, 'note');
      return repo.notes(s.enrolment.id, s.enrolment.anno);
    },

    async acknowledgeDisciplinaryNote(request: FastifyRequest) {
      const s = scope(request, 'note');
      const id = idParam(request);
      const note = repo.note(id, s.enrolment.id, s.enrolment.anno);
      if (!note) throw notFound();
      if (s.servizi.presa_visione_note !== true) throw conflict('La presa visione delle note non è attiva per questa scuola');
      if (note.presa_visione) return note;
      const now = ctx.now();
      repo.acknowledgeNote(id, { iso: toRomeIso(now), display: toRomeDisplay(now) });
      return repo.note(id, s.enrolment.id, s.enrolment.anno);
    },

    async getReportCards(request: FastifyRequest) {
      const s = scope(request, 'pagelle');
      // Real shape: no id and no period; the file's address carries the id the download needs.
      return repo.reportCards(s.enrolment.id, s.enrolment.anno).map((r) => ({
        data: dayTime(r.data_pubblicazione),
        titolo: r.titolo,
        dettaglio: r.dettaglio,
        allegati: [{ descrizione: r.nome_file, allegato: `${basePath(s)}/pagelle/${r.id}/allegato` }],
      }));
    },

    async getReportCardAttachment(request: FastifyRequest, reply: FastifyReply) {
      const s = scope(request, 'pagelle');
      const e = s.enrolment;
      const card = repo.reportCard(idParam(request), e.id, e.anno);
      if (!card) throw notFound();
      const lines: PdfLine[] = [
        { text: e.nome_scuola, size: 10 },
        { text: card.titolo, size: 18, bold: true, gap: 8 },
        { text: `Anno scolastico ${e.anno.replace('_', '/')} - ${card.periodo}`, size: 12 },
        { text: `Studente: ${e.nome} ${e.cognome} - Classe ${e.classe}, ${e.indirizzo}`, size: 12, gap: 10 },
        { text: `Data di pubblicazione: ${displayDate(card.data_pubblicazione)}`, size: 10 },
        { text: 'Materia: voto', size: 12, bold: true, gap: 14 },
        ...card.righe.map((r) => ({ text: `${r.materia}: ${r.voto}`, size: 11 })),
        { text: 'Documento generato dal registro elettronico (Portale Famiglie, dati dimostrativi).', size: 8, gap: 24 },
      ];
      const filename = `${slug(`${e.cognome} ${e.nome}`)}_${card.nome_file}`;
      return sendFile(reply, { nome: filename, tipo: 'application/pdf', data: pdfDocument(`${card.titolo} - ${e.nome} ${e.cognome}`, lines) });
    },

    async getLessonTopics(request: FastifyRequest) {
      const s = scope(request, 'argomenti');
      const { from, to } = requestedRange(request, s.startYear);
      // Real shape: no id, the day as a date-time, the subject by name in `titolo`.
      return repo.topics(s.enrolment.id, s.enrolment.anno, from, to).map((t) => ({
        data: dayTime(t.data),
        titolo: entities(t.materia),
        modulo: entities(t.modulo),
        dettaglio: entities(t.dettaglio),
      }));
    },

    async getHomework(request: FastifyRequest) {
      const s = scope(request, 'compiti');
      const { from, to } = requestedRange(request, s.startYear);
      // Real shape: no id and one day only, the due one (the range filters on it too); the subject
      // by name in `titolo`, the text in `assegnazioni`, `dettaglio` empty.
      return repo.homework(s.enrolment.id, s.enrolment.anno, from, to).map((h) => ({
        data: dayTime(h.data_consegna),
        titolo: entities(h.materia),
        assegnazioni: entities(h.dettaglio),
        dettaglio: '',
        novita: h.novita,
      }));
    },

    async getTimetable(request: FastifyRequest) {
      const s = scope(request, 'orario');
      const { from, to } = requestedRange(request, s.startYear);
      const slots = repo.timetable(s.enrolment.id_scuola, s.enrolment.anno, s.enrolment.classe);
      return schoolDays(s.startYear)
        .filter((d) => from <= d && d <= to)
        .flatMap((data) =>
          slots
            .filter((slot) => slot.giorno === weekday(data))
            .map((slot) => ({
              data_ora_inizio: toRomeIso(romeInstant(data, lessonStart(slot.ora))),
              data_ora_fine: toRomeIso(romeInstant(data, lessonEnd(slot.ora))),
              titolo: slot.materia,
              sottotitolo: `${slot.docente} - ${slot.aula}`,
              id_materia: slot.id_materia,
            })),
        );
    },

    async getTutorNotes(request: FastifyRequest) {
      const s = scope(request, 'note_tutor');
      return repo.tutorNotes(s.enrolment.id, s.enrolment.anno);
    },

    async markTutorNoteRead(request: FastifyRequest) {
      const s = scope(request, 'note_tutor');
      const { id_nota } = request.body as { id_nota: number };
      const note = repo.tutorNote(id_nota, s.enrolment.id, s.enrolment.anno);
      if (!note) throw notFound();
      if (!note.letta) repo.markTutorNoteRead(id_nota);
      return repo.tutorNote(id_nota, s.enrolment.id, s.enrolment.anno);
    },

    async getTeachingMaterials(request: FastifyRequest) {
      const s = scope(request, 'materiale_didattico');
      const { items, files } = repo.materials(s.enrolment.id, s.enrolment.anno);
      return items.map((m) => ({
        ...m,
        allegati: files
          .filter((f) => f.id_materiale === m.id)
          .map((f) => ({ nome: f.nome, tipo: f.tipo, url: `${basePath(s)}/materiale_didattico/${m.id}/allegati/${f.id}` })),
      }));
    },

    async getTeachingMaterialAttachment(request: FastifyRequest, reply: FastifyReply) {
      const s = scope(request, 'materiale_didattico');
      const { id, id_allegato } = request.params as { id: number; id_allegato: number };
      const file = repo.materialFile(id_allegato, id, s.enrolment.id, s.enrolment.anno);
      if (!file) throw notFound();
      const [heading = file.titolo, ...rest] = file.contenuto.split('\n');
      const body =
        file.tipo === 'application/pdf'
          ? pdfDocument(file.titolo, [
              { text: file.titolo, size: 16, bold: true },
              { text: heading, size: 12, gap: 6 },
              ...rest.map((text) => ({ text, size: 11 })),
            ])
          : Buffer.from(file.contenuto, 'utf8');
      return sendFile(reply, { nome: file.nome, tipo: file.tipo, data: body });
    },

    async getTests(request: FastifyRequest) {
      const s = scope(request, 'verifiche');
      return repo.tests(s.enrolment.id, s.enrolment.anno);
    },

    async getStudentPhoto(request: FastifyRequest, reply: FastifyReply) {
      const { enrolment: e } = scope(request);
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .type('image/svg+xml')
        .send(avatar(e.nome, e.cognome, e.id));
    },
  };
}
