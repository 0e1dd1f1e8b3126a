import type { Election, SchoolDocument, WorkExperienceProject } from '../../domain/records';
import { asArray, asRecord, firstOfEachId, flag, integer, rawString, schoolDate, schoolDateTime, text } from './read';

/**
 * Work-experience projects (alternanzaweb), elections and documents. An item without an id cannot
 * be acted on or downloaded and is left out; every other gap becomes null or empty text.
 */

export function toWorkExperienceProject(raw: unknown): WorkExperienceProject | null {
  const p = asRecord(raw);
  const id = integer(p.id);
  const data_inizio = schoolDate(p.data_inizio);
  if (id === null || data_inizio === null) return null;
  return {
    id,
    titolo: text(p.titolo) ?? '',
    descrizione: text(p.descrizione) ?? '',
    ente: text(p.ente) ?? '',
    tutor: text(p.tutor) ?? '',
    stato: (text(p.stato) ?? '').trim().toUpperCase(),
    prenotabile: flag(p.prenotabile) ?? false,
    prenotato: flag(p.prenotato) ?? false,
    data_prenotazione: schoolDateTime(p.data_prenotazione),
    data_inizio,
    data_fine: schoolDate(p.data_fine),
    ore: integer(p.ore),
    ore_svolte: integer(p.ore_svolte),
    posti_disponibili: integer(p.posti_disponibili),
  };
}

export const toWorkExperienceProjects = (raw: unknown) =>
  firstOfEachId(
    asArray(raw).flatMap((p) => toWorkExperienceProject(p) ?? []),
    (p) => p.id,
  );

export function toElections(raw: unknown): Election[] {
  const elections = asArray(raw).flatMap((item): Election[] => {
    const e = asRecord(item);
    const id = integer(e.id);
    const data_inizio = schoolDateTime(e.data_inizio);
    if (id === null || data_inizio === null) return [];
    return [
      {
        id,
        titolo: text(e.titolo) ?? '',
        organo: text(e.organo) ?? '',
        descrizione: text(e.descrizione) ?? '',
        elettorato: text(e.elettorato) ?? '',
        luogo: text(e.luogo) ?? '',
        data_inizio,
        data_fine: schoolDateTime(e.data_fine) ?? data_inizio,
        stato: (text(e.stato) ?? '').trim().toUpperCase(),
        preferenze_max: integer(e.preferenze_max),
        liste: asArray(e.liste).map((l, i) => {
          const list = asRecord(l);
          return {
            numero: integer(list.numero) ?? i + 1,
            nome: text(list.nome) ?? '',
            motto: text(list.motto) ?? '',
            candidati: asArray(list.candidati).map((c) => ({ nome: text(asRecord(c).nome) ?? '', cognome: text(asRecord(c).cognome) ?? '' })),
          };
        }),
      },
    ];
  });
  return firstOfEachId(elections, (e) => e.id);
}

export function toDocuments(raw: unknown): SchoolDocument[] {
  const documents = asArray(raw).flatMap((item): SchoolDocument[] => {
    const d = asRecord(item);
    const id = integer(d.id);
    const data = schoolDate(d.data);
    if (id === null || data === null) return [];
    const file = asRecord(d.allegato);
    const url = rawString(file.url);
    return [
      {
        id,
        titolo: text(d.titolo) ?? '',
        categoria: text(d.categoria) ?? '',
        descrizione: text(d.descrizione) ?? '',
        data,
        allegato: url ? { nome: text(file.nome) ?? `documento-${id}`, tipo: text(file.tipo) ?? '', dimensione: integer(file.dimensione), url } : null,
      },
    ];
  });
  return firstOfEachId(documents, (d) => d.id);
}
