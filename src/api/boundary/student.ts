import type { Subject, Update } from '../../domain/records';
import { asArray, asRecord, firstOfEachId, firstText, flag, integer, rawString, schoolDateTime, text } from './read';

/**
 * The answers every signed-in page needs (subjects, update counts): read at sign-in, so kept apart
 * from the teaching screens' readers, which load with those screens.
 */

export function toSubjects(raw: unknown): Subject[] {
  const subjects = asArray(raw).flatMap((item, index) => {
    const s = asRecord(item);
    const id = integer(s.id) ?? integer(s.id_materia);
    const name = firstText(s.descrizione, s.nome, s.materia, s.titolo);
    if (id === null || name === null) return [];
    const professori = asArray(s.professori).flatMap((p) => {
      const t = asRecord(p);
      const tid = integer(t.id);
      const nome = firstText(t.nome, [text(t.cognome), text(t.nome)].filter(Boolean).join(' '));
      return tid === null || nome === null ? [] : [{ id: tid, nome }];
    });
    return [{ id, descrizione: name, ordinamento: integer(s.ordinamento) ?? index, professori: firstOfEachId(professori, (t) => t.id) }];
  });
  return firstOfEachId(subjects, (s) => s.id);
}

export function toUpdates(raw: unknown): Update[] {
  return asArray(raw).flatMap((item) => {
    const u = asRecord(item);
    const sezione = rawString(u.sezione);
    if (!sezione) return [];
    return [
      {
        sezione,
        conteggio: integer(u.conteggio) ?? 0,
        descrizione: text(u.descrizione) ?? '',
        data: schoolDateTime(u.data),
        visibile: flag(u.visibile) ?? true,
      },
    ];
  });
}
