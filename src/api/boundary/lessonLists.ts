import type { components } from '../schema';
import { asArray, asRecord, flag, integer, rawString, schoolDate, schoolDateTime, text } from './read';

type Schemas = components['schemas'];
export type ScheduledTest = Schemas['ScheduledTest'];
export type TeachingMaterial = Schemas['TeachingMaterial'];
export type TeachingMaterialAttachment = Schemas['TeachingMaterialAttachment'];
export type TutorNote = Schemas['TutorNote'];
export type SchoolCalendar = Schemas['SchoolCalendar'];

/**
 * Tests, teaching material and tutor notes: the contract's shapes, made safe for the screens that
 * read them as such. An item without an id or a day is dropped (nothing can place it); a text
 * missing or of another type is empty; anything that is not a list is an empty list.
 */

export function toScheduledTests(raw: unknown): ScheduledTest[] {
  return asArray(raw).flatMap((v) => {
    const t = asRecord(v);
    const id = integer(t.id);
    const data = schoolDate(t.data);
    if (id === null || data === null) return [];
    return [{ id, id_materia: integer(t.id_materia) ?? 0, data, titolo: text(t.titolo) ?? '', tipo: t.tipo === 'orale' ? 'orale' : 'scritto', argomenti: text(t.argomenti) ?? '' }];
  });
}

function toAttachment(v: unknown): TeachingMaterialAttachment[] {
  const a = asRecord(v);
  const url = rawString(a.url);
  if (!url) return [];
  return [{ nome: text(a.nome) || url, url, tipo: rawString(a.tipo) ?? '' }];
}

export function toTeachingMaterials(raw: unknown): TeachingMaterial[] {
  return asArray(raw).flatMap((v) => {
    const m = asRecord(v);
    const id = integer(m.id);
    const data = schoolDate(m.data);
    if (id === null || data === null) return [];
    return [
      {
        id,
        id_materia: integer(m.id_materia) ?? 0,
        data,
        titolo: text(m.titolo) ?? '',
        descrizione: text(m.descrizione) ?? '',
        allegati: asArray(m.allegati).flatMap(toAttachment),
      },
    ];
  });
}

export function toTutorNotes(raw: unknown): TutorNote[] {
  return asArray(raw).flatMap((v) => {
    const n = asRecord(v);
    const id_nota = integer(n.id_nota);
    const data = schoolDate(n.data);
    if (id_nota === null || data === null) return [];
    return [{ id_nota, data, tutor: text(n.tutor) ?? '', titolo: text(n.titolo) ?? '', dettaglio: text(n.dettaglio) ?? '', letta: flag(n.letta) ?? false }];
  });
}

/**
 * The school calendar: activities and holidays. An activity without an id or a day, or a holiday
 * without its first day, is dropped; a holiday without a valid last day lasts one day.
 */
export function toSchoolCalendar(raw: unknown): SchoolCalendar {
  const r = asRecord(raw);
  return {
    attivita: asArray(r.attivita).flatMap((v) => {
      const a = asRecord(v);
      const id = integer(a.id);
      const start = schoolDateTime(a.data_ora_inizio) ?? schoolDateTime(a.data);
      const data = schoolDate(a.data) ?? schoolDate(a.data_ora_inizio);
      if (id === null || data === null || start === null) return [];
      return [{ id, data, data_ora_inizio: start, data_ora_fine: schoolDateTime(a.data_ora_fine) ?? start, descrizione: text(a.descrizione) ?? '' }];
    }),
    festivita: asArray(r.festivita).flatMap((v) => {
      const h = asRecord(v);
      const data = schoolDate(h.data);
      if (data === null) return [];
      const end = schoolDate(h.data_fine);
      return [{ data, data_fine: end !== null && end >= data ? end : data, descrizione: text(h.descrizione) ?? '', tipo: h.tipo === 'vacanze' ? 'vacanze' : 'festività' }];
    }),
  };
}
