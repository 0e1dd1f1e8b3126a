import type { Absence } from '../../domain/records';
import { asArray, asRecord, clockTime, deriveIds, firstOfEachId, firstText, flag, integer, rawString, schoolDate, schoolDateTime, schoolTime, text } from './read';

/**
 * Register events (absences, late entries, early exits, distance learning, course presences).
 * Real answers give `data` as a date-time and the time only inside `titolo` ("… ore 12:11"); an
 * early exit "U" may come with `tipo_assenza` "assenza", so the symbol decides the kind then.
 */

const KIND_OF_SYMBOL: Record<string, string> = { A: 'assenza', R: 'ritardo', U: 'uscita', AD: 'dad', C: 'corso' };
const TIME_IN_TITLE = /\bore\s+(\d{1,2})[:.](\d{2})\b/i;

function timeOf(a: Record<string, unknown>, simbolo: string): string | null {
  const sent = rawString(a.orario);
  if (sent !== null) {
    const m = /^(\d{1,2}):(\d{2})/.exec(sent.trim());
    return m ? clockTime(m[1]!, m[2]!) : null;
  }
  const inTitle = TIME_IN_TITLE.exec(text(a.titolo) ?? text(a.descrizione) ?? '');
  if (inTitle) return clockTime(inTitle[1]!, inTitle[2]!);
  // A whole-day absence has no time; a late entry or early exit at midnight would be a placeholder.
  if (simbolo === 'A' || simbolo === 'AD') return null;
  const t = schoolTime(a.data);
  return t && t !== '00:00' ? t : null;
}

function kindOf(sent: string | null, simbolo: string): string {
  const bySymbol = KIND_OF_SYMBOL[simbolo];
  if (bySymbol && bySymbol !== 'assenza' && sent === 'assenza') return bySymbol;
  return sent || bySymbol || 'assenza';
}

function justified(v: unknown): 'SI' | 'NO' | '' {
  if (v === '' || v === null || v === undefined) return '';
  const f = flag(v);
  return f === null ? '' : f ? 'SI' : 'NO';
}

export function toAbsence(raw: unknown): Omit<Absence, 'id'> & { id: number | null } | null {
  const a = asRecord(raw);
  const data = schoolDate(a.data);
  if (!data) return null;
  const simbolo = (text(a.simbolo) ?? '').trim().toUpperCase();
  const sentKind = text(a.tipo_assenza)?.trim().toLowerCase() ?? null;
  return {
    id: integer(a.id),
    data,
    orario: timeOf(a, simbolo),
    simbolo,
    descrizione: firstText(a.descrizione, a.titolo) ?? '',
    colore_simbolo: rawString(a.colore_simbolo),
    tipo_assenza: kindOf(sentKind, simbolo),
    giustificata: justified(a.giustificata),
    giustificabile: flag(a.giustificabile) ?? false,
    motivazione: text(a.motivazione) ?? '',
    tipo_giustificazione: firstText(a.tipo_giustificazione),
    data_giustificazione: schoolDateTime(a.data_giustificazione),
    prenotazione: flag(a.prenotazione) ?? false,
  };
}

export function toAbsences(raw: unknown): Absence[] {
  const items = asArray(raw).flatMap((a) => toAbsence(a) ?? []);
  const derived = deriveIds(items.map((a) => `assenza|${a.data}|${a.simbolo}|${a.orario}|${a.descrizione}`));
  return firstOfEachId(
    items.map((a, i) => ({ ...a, id: a.id ?? derived[i]! })),
    (a) => a.id,
  );
}
