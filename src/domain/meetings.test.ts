import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { alertRange, bookedMeetings, byTeacher, meetingEvents, meetingsFileName, meetingsSoon, slotMinutes } from './meetings';
import { buildICalendar } from './icalendarFile';
import type { Meeting } from './records';

const base: Meeting = {
  id: 1,
  tipo: 'individuale',
  data: '2026-11-21',
  ora_inizio: '11:00',
  ora_fine: '12:00',
  inizio: '2026-11-21T11:00:00+01:00',
  docente: 'Prof.ssa Anna Bianchi',
  id_professore: 71,
  materia: 'Matematica',
  modalita: 'presenza',
  luogo: 'Aula colloqui 2',
  indirizzo: 'Via Roma 12, 20121 Milano',
  link: null,
  prenotabile: true,
  slot: Array.from({ length: 6 }, (_, i) => ({ numero: i + 1, orario: `11:${i}0`, libero: i !== 1 })),
  prenotato: { slot: 2, orario: '11:10', data_prenotazione: null },
};
const NOW = Temporal.Instant.from('2026-11-20T09:00:00+01:00');
const at = (data: string, orario: string, extra: Partial<Meeting> = {}): Meeting => ({ ...base, data, prenotato: { slot: 2, orario, data_prenotazione: null }, ...extra });

describe('meeting alert (36 hours)', () => {
  it('takes booked meetings after now and less than 36 hours away, soonest first', () => {
    const meetings = [
      at('2026-11-21', '20:50', { id: 2 }), // 35 h 50 min
      at('2026-11-21', '21:00', { id: 3 }), // exactly 36 h: not less
      at('2026-11-20', '08:50', { id: 4 }), // already started
      at('2026-11-20', '12:00', { id: 5 }),
      { ...base, id: 6, prenotato: null },
    ];
    expect(meetingsSoon(meetings, NOW).map((m) => m.id)).toEqual([5, 2]);
  });

  it('reads the slot time as Rome time across the DST change', () => {
    const march = at('2027-03-28', '10:00', { id: 7 });
    expect(meetingsSoon([march], Temporal.Instant.from('2027-03-27T00:00:00+01:00')).map((m) => m.id)).toEqual([7]);
    expect(meetingsSoon([march], Temporal.Instant.from('2027-03-26T20:00:00+01:00'))).toEqual([]);
  });

  it('asks for today and the next two days', () => {
    expect(alertRange(Temporal.PlainDate.from('2026-11-30'))).toEqual({ from: '2026-11-30', to: '2026-12-02' });
  });
});

describe('meetings lists', () => {
  it('groups by teacher and keeps each one by day and time', () => {
    const groups = byTeacher([
      { ...base, id: 1, data: '2026-11-28' },
      { ...base, id: 2, docente: 'Prof. Carlo Alberti', id_professore: 70 },
      { ...base, id: 3, data: '2026-11-21' },
    ]);
    expect(groups.map((g) => [g.docente, g.meetings.map((m) => m.id)])).toEqual([
      ['Prof. Carlo Alberti', [2]],
      ['Prof.ssa Anna Bianchi', [3, 1]],
    ]);
  });

  it('lists booked meetings by the start of their slot', () => {
    expect(bookedMeetings([at('2026-11-22', '10:00', { id: 1 }), { ...base, id: 2, prenotato: null }, at('2026-11-21', '12:00', { id: 3 })]).map((m) => m.id)).toEqual([3, 1]);
  });

  it('shares the meeting span among its slots', () => {
    expect(slotMinutes(base)).toBe(10);
    expect(slotMinutes({ ...base, ora_fine: '11:00' })).toBe(10);
  });
});

describe('meetings as calendar events', () => {
  const scope = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
  const labels = { summary: (m: Meeting) => `Colloquio con ${m.docente}`, description: (m: Meeting) => m.materia };

  it('makes one event per booked slot with the room and address, or the call link', () => {
    const online = { ...base, id: 9, modalita: 'online' as const, luogo: null, indirizzo: null, link: 'https://meet.scuola.example/c-72' };
    const events = meetingEvents([base, online, { ...base, id: 10, prenotato: null }], scope, labels);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      uid: 'colloquio-1-DEMO01-501-2026_2027@portale-famiglie',
      summary: 'Colloquio con Prof.ssa Anna Bianchi',
      location: 'Aula colloqui 2, Via Roma 12, 20121 Milano',
    });
    expect(events[0]!.start).toEqual({ instant: Temporal.Instant.from('2026-11-21T10:10:00Z') });
    expect(events[0]!.end).toEqual({ instant: Temporal.Instant.from('2026-11-21T10:20:00Z') });
    expect(events[1]).toMatchObject({ location: 'https://meet.scuola.example/c-72', url: 'https://meet.scuola.example/c-72' });

    const ics = buildICalendar({ prodId: '-//Test//IT', stamp: NOW, events }).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('DTSTART:20261121T101000Z');
    expect(ics).toContain('LOCATION:Aula colloqui 2\\, Via Roma 12\\, 20121 Milano');
    expect(ics).toContain('URL;VALUE=URI:https://meet.scuola.example/c-72');
  });

  it('names the file after the teacher and day, or the first day', () => {
    expect(meetingsFileName([base])).toBe('colloquio_prof_ssa_anna_bianchi_2026-11-21.ics');
    expect(meetingsFileName([base, { ...base, data: '2026-11-28' }])).toBe('colloqui_2026-11-21.ics');
  });
});
