import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Temporal } from './temporal';
import type { Absence, Communication, Grade, Notice, ReportCard, Thread } from './records';
import type { PaymentItem } from './payments';
import {
  byNewest,
  filterNews,
  groupByDay,
  isSeen,
  markAllSeen,
  markSeen,
  MAX_SEEN,
  mergeNews,
  newsOfChild,
  NOTHING_SEEN,
  toSeenState,
  unseenCount,
  type ChildNews,
  type NewsItem,
} from './whatsNew';

const today = Temporal.PlainDate.from('2026-11-20');
const marco = { id_scuola: 'DEMO01', id: 501, anno: '2026_2027' };
const giulia = { id_scuola: 'DEMO01', id: 502, anno: '2026_2027' };

const grade = (id: number, data: string, novita = true): Grade => ({
  id,
  id_materia: 11,
  materia: 'Matematica',
  data,
  simbolo: '8-',
  voto_numerico: 7.75,
  colore_simbolo: '',
  sottotitolo: 'scritto',
  descrizione_peso: '',
  valore_peso: 0,
  voto_pesato: false,
  is_voto: true,
  is_competenza: false,
  presa_visione: false,
  data_presa_visione: null,
  data_presa_visione_tradotta: null,
  novita,
  dettaglio: '',
});

const absence = (id: number, giustificata: Absence['giustificata'], giustificabile = true): Absence => ({
  id,
  data: '2026-11-18',
  orario: null,
  simbolo: 'A',
  descrizione: 'Assenza',
  colore_simbolo: null,
  tipo_assenza: 'A',
  giustificata,
  giustificabile,
  motivazione: '',
  tipo_giustificazione: null,
  data_giustificazione: null,
  prenotazione: false,
});

const communication = (id: number, data: string, novita: boolean): Communication => ({
  id_messaggio: id,
  titolo: `Circolare ${id}`,
  dettaglio: '<p>x</p>',
  mittente: { id: null, nome: 'Segreteria', ruolo: null },
  data,
  presa_visione: false,
  tipo_messaggio: '',
  novita,
  allegati: 0,
  da_leggere: novita,
  data_lettura: null,
  conferma_lettura: false,
  sottoscrizione: false,
  data_sottoscrizione: null,
});

const thread = (id: string, data: string, da_leggere: boolean): Thread => ({
  id,
  id_messaggio: null,
  mittente: { id: null, nome: 'Prof. Bianchi' },
  titolo: 'Uscita didattica',
  destinatari: '',
  da_leggere,
  data_lettura: null,
  presa_visione: null,
  sottoscrizione: null,
  conferma_lettura: false,
  allegati: 0,
  tipo_messaggio: null,
  data,
});

const payment = (id: number, scadenza: string | null, pagato = false): PaymentItem => ({
  id,
  tipo: 'pagamento',
  cart_id: `pagamento${id}`,
  titolo: 'Gita',
  sottotitolo: 'Gita a Torino',
  categoria: '',
  prezzo: 35,
  pagamentoApp: false,
  pagamentoCarta: true,
  pagato,
  scaduto: false,
  credito: false,
  scadenza,
  dataPagamento: null,
  elenco: 'estratto_conto',
  acquistabile: !pagato,
  stile: null,
  movimento: false,
});

const reportCard = (id: number, data_pubblicazione: string | null): ReportCard => ({ id, titolo: 'Pagella primo trimestre', periodo: 'Trimestre', data_pubblicazione, dettaglio: '', allegati: [] });

const notice = (id: number, data: string, novita: boolean): Notice => ({
  id,
  titolo: 'Assemblea',
  testo: '',
  data,
  autore: 'Dirigente',
  categoria: '',
  in_evidenza: false,
  novita,
  richiede_adesione: false,
  allegati: [],
  da_leggere: novita,
  data_lettura: null,
  adesione: false,
  data_adesione: null,
});

describe('newsOfChild', () => {
  it('takes what the backend flags as new, unread threads, absences to justify, recent report cards and payments falling due', () => {
    const items = newsOfChild(
      {
        child: marco,
        grades: [grade(1, '2026-11-19'), grade(2, '2026-11-18', false)],
        absences: [absence(3, 'NO'), absence(4, 'SI'), absence(5, 'NO', false)],
        communications: [communication(6, '2026-11-19T09:00:00+01:00', true), communication(7, '2026-11-19T08:00:00+01:00', false)],
        threads: [thread('1362_ver_2', '2026-11-20T08:30:00+01:00', true), thread('1363_ver_2', '2026-11-20T08:00:00+01:00', false)],
        notices: [notice(8, '2026-11-17', true), notice(9, '2026-11-17', false)],
        reportCards: [reportCard(10, '2026-11-10T12:00:00+01:00'), reportCard(11, '2026-06-10T12:00:00+02:00'), reportCard(12, null)],
        payments: [payment(13, '2026-12-15'), payment(14, '2027-02-01'), payment(15, '2026-11-01', true), payment(16, '2026-10-01'), payment(17, null)],
      },
      today,
    );
    expect(items.map((i) => `${i.kind}:${i.key.split(':')[3]}`).sort()).toEqual(
      ['voto:1', 'assenza:3', 'comunicazione:6', 'messaggio:1362_ver_2', 'bacheca:8', 'pagella:10', 'pagamento:13', 'pagamento:16'].sort(),
    );
    const pay = items.find((i) => i.kind === 'pagamento' && i.key.endsWith(':13'))!;
    expect(pay).toMatchObject({ title: 'Gita a Torino', amount: 35, day: '2026-11-20', due: '2026-12-15' });
    // A past due day is its own day.
    expect(items.find((i) => i.key.endsWith(':pagamento:16'))).toMatchObject({ day: '2026-10-01', due: '2026-10-01' });
    expect(items.find((i) => i.kind === 'voto')).toMatchObject({ day: '2026-11-19', due: null });
  });

  it('a thread with a new message is a new item again, even if it was seen before', () => {
    const before = newsOfChild({ child: marco, threads: [thread('1362_ver_2', '2026-11-19T08:30:00+01:00', true)] }, today)[0]!;
    const after = newsOfChild({ child: marco, threads: [thread('1362_ver_2', '2026-11-20T08:30:00+01:00', true)] }, today)[0]!;
    expect(before.key).not.toBe(after.key);
    expect(after.thread).toBe('1362_ver_2');
  });

  it('keys name the child: the same grade id of two children is two items', () => {
    const items = mergeNews([{ child: marco, grades: [grade(1, '2026-11-19')] }, { child: giulia, grades: [grade(1, '2026-11-19')] }], today);
    expect(items.map((i) => i.studentId)).toEqual([501, 502]);
  });

  it('drops an item whose date it cannot read', () => {
    expect(newsOfChild({ child: marco, grades: [grade(1, 'ieri')] }, today)).toEqual([]);
  });
});

describe('mergeNews and groupByDay', () => {
  it('newest first, timed items of a day before its untimed ones, grouped by day', () => {
    const items = mergeNews(
      [
        { child: marco, grades: [grade(1, '2026-11-19')], communications: [communication(6, '2026-11-19T09:00:00+01:00', true)] },
        { child: giulia, threads: [thread('1362_ver_2', '2026-11-20T08:30:00+01:00', true)], grades: [grade(2, '2026-11-17')] },
      ],
      today,
    );
    expect(items.map((i) => i.kind)).toEqual(['messaggio', 'comunicazione', 'voto', 'voto']);
    expect(groupByDay(items).map((d) => [d.day, d.items.length])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-19', 2],
      ['2026-11-17', 1],
    ]);
  });

  it('filters by child and by kind', () => {
    const items = mergeNews([{ child: marco, grades: [grade(1, '2026-11-19')], absences: [absence(3, 'NO')] }, { child: giulia, grades: [grade(2, '2026-11-17')] }], today);
    expect(filterNews(items, { child: 'DEMO01:502', kind: null }).map((i) => i.studentId)).toEqual([502]);
    expect(filterNews(items, { child: null, kind: 'assenza' }).map((i) => i.kind)).toEqual(['assenza']);
    expect(filterNews(items, { child: 'DEMO01:502', kind: 'assenza' })).toEqual([]);
  });

  const day = fc.date({ min: new Date('2026-09-01T00:00:00Z'), max: new Date('2027-06-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const when = fc.oneof(day, fc.tuple(day, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00+01:00`));
  const child = fc.record({ id_scuola: fc.constantFrom('DEMO01', 'DEMO02'), id: fc.integer({ min: 1, max: 3 }), anno: fc.constant('2026_2027') });
  const childNews: fc.Arbitrary<ChildNews> = fc.record({
    child,
    grades: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), day, fc.boolean()).map(([id, d, n]) => grade(id, d, n)), { maxLength: 6 }),
    communications: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), when, fc.boolean()).map(([id, w, n]) => communication(id, w, n)), { maxLength: 6 }),
    threads: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), when, fc.boolean()).map(([id, w, n]) => thread(`${id}_ver_2`, w, n)), { maxLength: 4 }),
    absences: fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.constantFrom<Absence['giustificata']>('SI', 'NO', '')).map(([id, g]) => absence(id, g)), { maxLength: 4 }),
  });

  it('property: one item per key, newest first, whatever the order of children and of their answers', () => {
    fc.assert(
      fc.property(fc.array(childNews, { maxLength: 4 }), (children) => {
        const items = mergeNews(children, today);
        expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
        for (let i = 1; i < items.length; i++) expect(byNewest(items[i - 1]!, items[i]!)).toBeLessThanOrEqual(0);
        for (let i = 1; i < items.length; i++) expect(items[i - 1]!.day >= items[i]!.day).toBe(true);
        const reversed = mergeNews(
          [...children].reverse().map((c) => ({ ...c, grades: [...(c.grades ?? [])].reverse(), communications: [...(c.communications ?? [])].reverse() })),
          today,
        );
        expect(reversed.map((i) => i.key)).toEqual(items.map((i) => i.key));
        const days = groupByDay(items);
        expect(days.flatMap((d) => d.items)).toEqual(items);
        expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
      }),
    );
  });
});

describe('seen state', () => {
  const items: NewsItem[] = mergeNews([{ child: marco, grades: [grade(1, '2026-11-19'), grade(2, '2026-11-18')], absences: [absence(3, 'NO')] }], today);

  it('an item is new until seen; marking all leaves nothing new', () => {
    expect(unseenCount(items, NOTHING_SEEN)).toBe(3);
    const one = markSeen(NOTHING_SEEN, [items[0]!.key]);
    expect(isSeen(one, items[0]!.key)).toBe(true);
    expect(unseenCount(items, one)).toBe(2);
    expect(unseenCount(items, markAllSeen(one, items))).toBe(0);
  });

  it('marking twice keeps one key, and the list is kept to its last MAX_SEEN keys', () => {
    const twice = markSeen(markSeen(NOTHING_SEEN, ['a', 'b']), ['a']);
    expect(twice.keys).toEqual(['b', 'a']);
    const many = markSeen(NOTHING_SEEN, Array.from({ length: MAX_SEEN + 5 }, (_, i) => `k${i}`));
    expect(many.keys).toHaveLength(MAX_SEEN);
    expect(isSeen(many, `k${MAX_SEEN + 4}`)).toBe(true);
    expect(isSeen(many, 'k0')).toBe(false);
  });

  it('reads back only what it wrote', () => {
    expect(toSeenState({ keys: ['a', 3, null, 'b'] })).toEqual({ keys: ['a', 'b'] });
    for (const junk of [null, 'x', 1, { keys: 'a' }, []]) expect(toSeenState(junk)).toEqual(NOTHING_SEEN);
  });
});
