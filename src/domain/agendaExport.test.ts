import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { weekOf } from './agenda';
import { agendaCalendar, exportRange, type AgendaExportData } from './agendaExport';

const d = (s: string) => Temporal.PlainDate.from(s);
const today = d('2026-11-18');
const week = weekOf(d('2026-11-25'));
const periods = [
  { numero: 2, data_inizio: '2027-01-11', data_fine: '2027-06-10' },
  { numero: 1, data_inizio: '2026-09-14', data_fine: '2027-01-10' },
];

describe('the days of an export', () => {
  it('is the week shown', () => {
    expect(exportRange('settimana', week, today, periods)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('is today and the 29 days after it, whatever week is shown', () => {
    expect(exportRange('prossimi30', week, today, periods)).toEqual({ from: '2026-11-18', to: '2026-12-17' });
  });

  it('is the school year from its periods, or the week shown when they are unknown', () => {
    expect(exportRange('anno', week, today, periods)).toEqual({ from: '2026-09-14', to: '2027-06-10' });
    expect(exportRange('anno', week, today, [])).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});

describe('the calendar of an export', () => {
  const scope = { id_scuola: 'DEMO01', id_studente: 1001, anno: '2026_2027' };
  const data: AgendaExportData = {
    agenda: [
      {
        id: 1,
        data: '2026-11-24',
        data_ora_inizio: '2026-11-24T09:00:00+01:00',
        data_ora_fine: '2026-11-24T10:00:00+01:00',
        id_materia: 10,
        titolo: 'Verifica di storia',
        dettaglio: 'Capitoli 3 e 4',
        tipo: 'verifica',
      },
    ],
    homework: [
      { id: 5, data: '2026-11-10', data_consegna: '2026-11-17', id_materia: 11, dettaglio: 'Già consegnato' },
      { id: 6, data: '2026-11-16', data_consegna: '2026-11-18', id_materia: 11, dettaglio: 'Esercizi 1-5' },
    ],
    tests: [
      { id: 7, data: '2026-11-24', id_materia: 10, titolo: 'Storia', tipo: 'scritto', argomenti: 'Il Risorgimento' },
      { id: 8, data: '2026-11-26', id_materia: 11, titolo: 'Matematica', tipo: 'orale', argomenti: 'Equazioni' },
      { id: 9, data: '2026-12-15', id_materia: 11, titolo: 'Fuori dal periodo', tipo: 'scritto', argomenti: '' },
    ],
    subjects: [
      { id: 10, descrizione: 'Storia' },
      { id: 11, descrizione: 'Matematica' },
    ],
  };
  const calendar = agendaCalendar(data, {
    range: { from: '2026-11-23', to: '2026-11-29' },
    today,
    scope,
    words: { name: 'Agenda di Marco Rossi', homeworkSummary: (name) => `Compiti di ${name}`, testTopics: (a) => `Argomenti: ${a}` },
    prodId: '-//Portale Famiglie//Agenda test//IT',
    stamp: Temporal.Instant.from('2026-11-18T08:00:00Z'),
  });

  it('is named and stamped as asked', () => {
    expect(calendar).toMatchObject({ prodId: '-//Portale Famiglie//Agenda test//IT', name: 'Agenda di Marco Rossi' });
    expect(calendar.stamp.toString()).toBe('2026-11-18T08:00:00Z');
  });

  it('holds the agenda, the homework still to hand in and the tests of the range the agenda does not announce', () => {
    expect(calendar.events.map((e) => [e.uid.split('-').slice(0, 2).join('-'), e.summary, e.description])).toEqual([
      ['agenda-1', 'Verifica di storia', 'Storia\nCapitoli 3 e 4'],
      ['compito-6', 'Compiti di Matematica', 'Esercizi 1-5'],
      ['verifica-8', 'Matematica', 'Matematica\nArgomenti: Equazioni'],
    ]);
  });

  it('leaves a subject it does not know unnamed', () => {
    const unknown = agendaCalendar(
      { ...data, agenda: [{ ...data.agenda[0]!, id_materia: 99 }], homework: [], tests: [] },
      {
        range: { from: '2026-11-23', to: '2026-11-29' },
        today,
        scope,
        words: { name: '', homeworkSummary: String, testTopics: String },
        prodId: 'x',
        stamp: Temporal.Now.instant(),
      },
    );
    expect(unknown.events[0]!.description).toBe('Capitoli 3 e 4');
  });
});
