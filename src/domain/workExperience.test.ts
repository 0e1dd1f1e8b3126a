import { describe, expect, it } from 'vitest';
import { projectAction, sortDocuments, sortElections, sortProjects } from './workExperience';
import type { Election, SchoolDocument, WorkExperienceProject } from './records';

const project = (id: number, stato: string, data_inizio: string, titolo: string, prenotabile = false): WorkExperienceProject => ({
  id, titolo, descrizione: '', ente: '', tutor: '', stato, prenotabile, prenotato: false, data_prenotazione: null,
  data_inizio, data_fine: null, ore: null, ore_svolte: null, posti_disponibili: null,
});

describe('work experience', () => {
  it('sorts PROPOSTO first, then by start newest first, then by title', () => {
    const sorted = sortProjects([
      project(1, 'CONCLUSO', '2027-01-10', 'A'),
      project(2, 'PROPOSTO', '2026-12-01', 'B'),
      project(3, 'PROPOSTO', '2027-02-01', 'Z'),
      project(4, 'IN_CORSO', '2027-03-01', 'C'),
      project(5, 'PROPOSTO', '2027-02-01', 'M'),
    ]);
    expect(sorted.map((p) => p.id)).toEqual([5, 3, 2, 4, 1]);
  });

  it('offers subscribe or cancel only while PROPOSTO', () => {
    expect(projectAction(project(1, 'PROPOSTO', '2027-01-01', 'A', true))).toBe('subscribe');
    expect(projectAction(project(1, 'PROPOSTO', '2027-01-01', 'A', false))).toBe('cancel');
    for (const stato of ['ISCRITTO', 'IN_CORSO', 'CONCLUSO']) {
      expect(projectAction(project(1, stato, '2027-01-01', 'A', true))).toBeNull();
      expect(projectAction(project(1, stato, '2027-01-01', 'A', false))).toBeNull();
    }
  });
});

describe('elections and documents', () => {
  it('lists elections newest first by their start instant', () => {
    const e = (id: number, data_inizio: string) => ({ id, titolo: `E${id}`, data_inizio }) as Election;
    expect(sortElections([e(1, '2026-10-20T08:00:00+02:00'), e(2, '2026-11-29T08:00:00+01:00'), e(3, '2026-10-20T07:30:00+01:00')]).map((x) => x.id)).toEqual([2, 3, 1]);
  });

  it('lists documents newest first, then by title', () => {
    const d = (id: number, data: string, titolo: string) => ({ id, data, titolo }) as SchoolDocument;
    expect(sortDocuments([d(1, '2026-09-15', 'B'), d(2, '2026-10-01', 'A'), d(3, '2026-09-15', 'A')]).map((x) => x.id)).toEqual([2, 3, 1]);
  });
});
