import { describe, expect, it } from 'vitest';
import {
  classOfMember,
  familyDayParts,
  familyMembers,
  FAMILY_DAY_PARTS,
  FAMILY_PART_SECTION,
  isFamily,
  meetingSection,
  notesToAcknowledge,
} from './family';
import type { Student } from './records';

const year = (id: string, classe: string) => ({ id, descrizione: id.replace('_', '/'), classe, indirizzo: null, servizi: {} });
const MARCO: Student = {
  id: 501,
  id_scuola: 'DEMO01',
  nome: 'Marco',
  cognome: 'Rossi',
  anno_corrente: '2026_2027',
  anni: [year('2026_2027', '3A'), year('2025_2026', '2A')],
  versione_messenger: 'VERSIONE_2',
  scuola: 'Liceo',
};
const GIULIA: Student = {
  id: 502,
  id_scuola: 'DEMO02',
  nome: 'Giulia',
  cognome: 'Rossi',
  anno_corrente: '2026_2027',
  anni: [year('2026_2027', '2B')],
  versione_messenger: 'VERSIONE_1',
  scuola: 'Comprensivo',
};
// Same student id at another school: a different child.
const OTHER_SCHOOL: Student = { ...GIULIA, id_scuola: 'DEMO01', nome: 'Anna', anni: [year('2026_2027', '1A')] };

describe('family members', () => {
  it('is a family only with more than one student', () => {
    expect(isFamily([MARCO])).toBe(false);
    expect(isFamily([MARCO, GIULIA])).toBe(true);
  });

  it('puts the open child first, then the others in the account order, each scoped to its current year', () => {
    const third: Student = { ...MARCO, id: 509, nome: 'Paolo' };
    const members = familyMembers([MARCO, GIULIA, third], { id_scuola: 'DEMO02', id_studente: 502, anno: '2026_2027' });
    // The colour stays with the child's place in the account, whoever is open.
    expect(members.map((m) => [m.student.nome, m.current, m.colour])).toEqual([
      ['Giulia', true, 1],
      ['Marco', false, 0],
      ['Paolo', false, 2],
    ]);
    expect(members[0]!.scope).toEqual({ id_scuola: 'DEMO02', id_studente: 502, anno: '2026_2027' });
    expect(members[1]!.scope).toEqual({ id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' });
    expect(members[2]!.scope).toEqual({ id_scuola: 'DEMO01', id_studente: 509, anno: '2026_2027' });
    expect(familyMembers([MARCO, GIULIA, third], { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' }).map((m) => m.student.nome)).toEqual([
      'Marco',
      'Giulia',
      'Paolo',
    ]);
  });

  it('keeps the past year the session has open for that child, and its class', () => {
    const past = { id_scuola: 'DEMO01', id_studente: 501, anno: '2025_2026' };
    const [marco, giulia] = familyMembers([MARCO, GIULIA], past);
    expect(marco!.scope).toBe(past);
    expect(classOfMember(marco!)).toBe('2A');
    expect(giulia!.scope.anno).toBe('2026_2027');
    expect(classOfMember(giulia!)).toBe('2B');
  });

  it('tells children apart by school as well as by id', () => {
    const members = familyMembers([GIULIA, OTHER_SCHOOL], { id_scuola: 'DEMO01', id_studente: 502, anno: '2026_2027' });
    expect(members.map((m) => [m.student.nome, m.current])).toEqual([
      ['Anna', true],
      ['Giulia', false],
    ]);
    expect(members.map((m) => m.scope.id_scuola)).toEqual(['DEMO01', 'DEMO02']);
  });

  it('gives the colours by place, starting again after the fourth child', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...MARCO, id: 600 + i }));
    expect(familyMembers(many, { id_scuola: 'DEMO01', id_studente: 600, anno: '2026_2027' }).map((m) => m.colour)).toEqual([0, 1, 2, 3, 0, 1]);
  });
});

describe("a child's day", () => {
  it('lists the parts in the family order, whatever order they were given in, leaving out those switched off', () => {
    const parts = familyDayParts({ mealCredit: 'm', notes: 'n', grades: 'g', tests: null, homework: 'h', lessons: 'l', meetings: 'c' });
    expect(parts.map((p) => p.part)).toEqual(['lessons', 'homework', 'grades', 'notes', 'meetings', 'mealCredit']);
    expect(parts.map((p) => p.value)).toEqual(['l', 'h', 'g', 'n', 'c', 'm']);
  });

  it('orders lessons, homework, tests, grades, notes, meetings, meal credit', () => {
    expect(FAMILY_DAY_PARTS).toEqual(['lessons', 'homework', 'tests', 'grades', 'notes', 'meetings', 'mealCredit']);
    const all = familyDayParts(Object.fromEntries(FAMILY_DAY_PARTS.map((p) => [p, p])) as Record<(typeof FAMILY_DAY_PARTS)[number], string>);
    expect(all.map((p) => p.part)).toEqual([...FAMILY_DAY_PARTS]);
  });

  it('opens each part on its own screen, a meeting on the screen of its kind', () => {
    expect(FAMILY_PART_SECTION.grades).toBe('/voti');
    expect(FAMILY_PART_SECTION.notes).toBe('/note-disciplinari');
    expect(meetingSection({ tipo: 'individuale' })).toBe('/colloqui');
    expect(meetingSection({ tipo: 'generale' })).toBe('/colloqui-generali');
  });
});

describe('notes to acknowledge', () => {
  const notes = [
    { id: 1, data: '2026-11-10', presa_visione: true, novita: false },
    { id: 2, data: '2026-11-18', presa_visione: false, novita: false },
    { id: 3, data: '2026-11-19', presa_visione: false, novita: true },
    { id: 4, data: '2026-11-19', presa_visione: true, novita: true },
  ];

  it('with acknowledgement on: those not yet acknowledged, newest first', () => {
    expect(notesToAcknowledge(notes, true).map((n) => n.id)).toEqual([3, 2]);
  });

  it('without it: the new ones, newest first', () => {
    expect(notesToAcknowledge(notes, false).map((n) => n.id)).toEqual([4, 3]);
  });
});
