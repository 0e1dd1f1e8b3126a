import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { agendaEvents, homeworkEvents, icsFileName, itemUid, testEvents, type IcsLabels } from './ical';
import { buildICalendar } from './icalendarFile';

// ------------------------------------------------------------ a small RFC 5545 reader for the tests

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  props: Property[];
  children: Component[];
}

/** Undo line folding: a CRLF followed by one space or tab joins the lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** Undo TEXT escaping. */
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

function parseProperty(line: string): Property {
  // The value starts after the first colon that is not inside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) throw new Error(`not a content line: ${line}`);
  const [name, ...params] = line.slice(0, colon).split(';');
  return {
    name: name!.toUpperCase(),
    params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])),
    value: line.slice(colon + 1),
  };
}

function parseICalendar(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  // Every line break is CRLF: no bare LF or CR anywhere.
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = unfold(text).split('\r\n').slice(0, -1);
  const stack: Component[] = [{ name: 'ROOT', props: [], children: [] }];
  for (const line of lines) {
    const p = parseProperty(line);
    if (p.name === 'BEGIN') {
      const c: Component = { name: p.value, props: [], children: [] };
      stack.at(-1)!.children.push(c);
      stack.push(c);
    } else if (p.name === 'END') {
      expect(stack.pop()!.name).toBe(p.value);
    } else {
      stack.at(-1)!.props.push(p);
    }
  }
  expect(stack).toHaveLength(1);
  expect(stack[0]!.children).toHaveLength(1);
  return stack[0]!.children[0]!;
}

const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);
const text = (c: Component, name: string) => {
  const p = prop(c, name);
  return p ? unescapeText(p.value) : undefined;
};

// ------------------------------------------------------------ seeded-like data (the contract's examples)

const scope = { id_scuola: 'DEMO01', id_studente: 501, anno: '2026_2027' };
const subjects: Record<number, string> = { 16: 'Matematica', 22: 'Lingua e letteratura italiana', 25: 'Storia', 29: 'Scienze naturali' };
const labels: IcsLabels = {
  subjectName: (id) => (id === null ? '' : (subjects[id] ?? '')),
  homeworkSummary: (name) => `Compiti: ${name}`,
  testSummary: (t) => t.titolo,
  testTopics: (a) => `Argomenti: ${a}`,
};
const agenda = [
  {
    id: 301, data: '2026-11-24', data_ora_inizio: '2026-11-24T09:00:00+01:00', data_ora_fine: '2026-11-24T10:00:00+01:00', id_materia: 16,
    titolo: 'Verifica scritta di Matematica', dettaglio: 'Argomenti: Equazioni e disequazioni', tipo: 'verifica', novita: true,
  },
  {
    id: 33, data: '2026-11-23', data_ora_inizio: '2026-11-23T11:00:00+01:00', data_ora_fine: '2026-11-23T13:00:00+01:00', id_materia: null,
    titolo: 'Assemblea di classe', dettaglio: 'Ordine del giorno: andamento didattico, proposte per le uscite didattiche.', tipo: 'evento', novita: true,
  },
];
const homework = [
  { id: 880, data: '2026-11-20', data_consegna: '2026-11-23', id_materia: 16, dettaglio: 'Esercizi a pag. 112 n. 14-20 (la parabola).', novita: true },
  {
    id: 248, data: '2026-11-20', data_consegna: '2026-12-04', id_materia: 16, novita: true,
    dettaglio: 'Lavoro di gruppo: preparare una presentazione (massimo 10 slide) su "Disequazioni fratte" da caricare su Classroom.',
  },
];
const tests = [
  { id: 31, id_materia: 16, data: '2026-11-24', titolo: 'Verifica scritta di Matematica', tipo: 'scritto', argomenti: 'Equazioni e disequazioni: Equazioni di secondo grado; Disequazioni di secondo grado' },
  { id: 26, id_materia: 25, data: '2026-11-23', titolo: 'Interrogazione di Storia', tipo: 'orale', argomenti: "L'Europa dopo il Mille: La rinascita delle città; L'età dei Comuni; Papato e Impero" },
];
const stamp = Temporal.Instant.from('2026-11-20T08:00:00Z');

function build() {
  return buildICalendar({
    prodId: '-//Portale Famiglie//Agenda 1.14.52//IT',
    name: 'Agenda di Marco Rossi',
    stamp,
    events: [...agendaEvents(agenda, scope, labels), ...homeworkEvents(homework, scope, labels), ...testEvents(tests, agenda, scope, labels)],
  });
}

describe('buildICalendar', () => {
  const ics = build();
  const calendar = parseICalendar(ics);
  const events = calendar.children.filter((c) => c.name === 'VEVENT');
  const byUid = (uid: string) => events.find((e) => prop(e, 'UID')?.value === uid)!;

  it('is a VCALENDAR with the required properties', () => {
    expect(calendar.name).toBe('VCALENDAR');
    expect(prop(calendar, 'VERSION')?.value).toBe('2.0');
    expect(prop(calendar, 'PRODID')?.value).toBe('-//Portale Famiglie//Agenda 1.14.52//IT');
    expect(prop(calendar, 'CALSCALE')?.value).toBe('GREGORIAN');
    expect(text(calendar, 'X-WR-CALNAME')).toBe('Agenda di Marco Rossi');
  });

  it('folds every line at 75 octets, counting UTF-8 bytes', () => {
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // The long homework text had to be folded.
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
  });

  it('has one event per item, each with a UID, a DTSTAMP in UTC and a start', () => {
    // The Maths test is announced by the agenda (same day, subject, kind): only the Storia test is added.
    expect(events).toHaveLength(agenda.length + homework.length + 1);
    const uids = events.map((e) => prop(e, 'UID')!.value);
    expect(new Set(uids).size).toBe(uids.length);
    for (const e of events) {
      expect(prop(e, 'DTSTAMP')?.value).toBe('20261120T080000Z');
      expect(prop(e, 'DTSTART')).toBeDefined();
      expect(prop(e, 'DTEND')).toBeDefined();
    }
  });

  it('writes agenda items as timed events in UTC', () => {
    const test = byUid('agenda-301-DEMO01-501-2026_2027@portale-famiglie');
    expect(text(test, 'SUMMARY')).toBe('Verifica scritta di Matematica');
    // 09:00 in Rome in November is 08:00 UTC.
    expect(prop(test, 'DTSTART')).toEqual({ name: 'DTSTART', params: {}, value: '20261124T080000Z' });
    expect(prop(test, 'DTEND')?.value).toBe('20261124T090000Z');
    expect(text(test, 'DESCRIPTION')).toBe('Matematica\nArgomenti: Equazioni e disequazioni');
    // A class event without a subject has just its detail, commas escaped and read back.
    const assembly = byUid(itemUid('agenda', 33, scope));
    expect(text(assembly, 'DESCRIPTION')).toBe('Ordine del giorno: andamento didattico, proposte per le uscite didattiche.');
    expect(prop(assembly, 'DESCRIPTION')?.value).toContain('didattico\\, proposte');
  });

  it('writes homework as all-day events on the due date', () => {
    const group = byUid(itemUid('compito', 248, scope));
    expect(prop(group, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20261204' });
    expect(prop(group, 'DTEND')).toEqual({ name: 'DTEND', params: { VALUE: 'DATE' }, value: '20261205' });
    expect(text(group, 'SUMMARY')).toBe('Compiti: Matematica');
    expect(text(group, 'DESCRIPTION')).toBe(homework[1]!.dettaglio);
  });

  it('adds the tests the agenda does not announce, as all-day events', () => {
    const storia = byUid(itemUid('verifica', 26, scope));
    expect(text(storia, 'SUMMARY')).toBe('Interrogazione di Storia');
    expect(prop(storia, 'DTSTART')?.value).toBe('20261123');
    // Semicolons and the apostrophe survive the round trip.
    expect(text(storia, 'DESCRIPTION')).toBe(`Storia\nArgomenti: ${tests[1]!.argomenti}`);
    expect(prop(storia, 'DESCRIPTION')?.value).toContain('Comuni\\; Papato');
    expect(events.some((e) => prop(e, 'UID')?.value === itemUid('verifica', 31, scope))).toBe(false);
  });

  it('is the same file for the same items: UIDs are stable', () => {
    expect(build()).toBe(ics);
  });

  it('keeps an event with no items valid', () => {
    const empty = parseICalendar(buildICalendar({ prodId: '-//x//y//IT', stamp, events: [] }));
    expect(empty.children).toEqual([]);
    expect(prop(empty, 'VERSION')?.value).toBe('2.0');
  });
});

describe('text that needs escaping and folding', () => {
  it('round-trips backslashes, semicolons, commas, newlines and multi-byte characters', () => {
    const summary = `C:\\temp; a, b\nc ${'è'.repeat(60)}🎓${'à'.repeat(30)}`;
    const ics = buildICalendar({ prodId: '-//x//y//IT', stamp, events: [{ uid: 'u@x', summary, start: { date: Temporal.PlainDate.from('2026-11-20') } }] });
    const physical = ics.split('\r\n').slice(0, -1);
    const encoder = new TextEncoder();
    for (const line of physical) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      // A lone surrogate would mean a split emoji.
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(line)).toBe(false);
    }
    const event = parseICalendar(ics).children[0]!;
    expect(text(event, 'SUMMARY')).toBe(summary);
  });
});

describe('icsFileName', () => {
  it('is plain ASCII with the student and the range', () => {
    expect(icsFileName('Marco Rossi', '2026-11-16', '2026-11-22')).toBe('agenda_marco_rossi_2026-11-16_2026-11-22.ics');
    expect(icsFileName("Niccolò D'Amico", '2026-11-16', '2026-11-22')).toBe('agenda_niccolo_d_amico_2026-11-16_2026-11-22.ics');
    expect(icsFileName('', '2026-11-16', '2026-11-22')).toBe('agenda_2026-11-16_2026-11-22.ics');
  });
});
