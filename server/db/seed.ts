import type { Db } from './database';
import { hashPassword } from '../security';
import { schoolDays } from '../shared/calendar';
import { DEMO_PASSWORD } from '../shared/enrolments';
import { Random } from '../shared/random';
import { SERVICE_KEYS, type ServiceKey } from '../shared/services';
import { periodsOf, schoolYearOf, schoolYearStarting, type SchoolYearRef } from '../shared/schoolYear';
import { addDays, romeDate, romeInstant, toRomeDisplay, toRomeIso } from '../shared/time';

/**
 * Demo data, every date relative to the clock's "today" in Europe/Rome. Deterministic: the
 * pseudo-random choices are seeded from that date, so the same clock gives the same data.
 */

export const GRADES_PER_YEAR = 40;
/** The most recent grades of a current year are still to be acknowledged. */
export const UNREAD_GRADES = 6;

export const GREEN = '#1E7B34';
export const RED = '#C62828';
const NEUTRAL = '#5C6F82';

// ---------------------------------------------------------------- schools, classes, people

interface SchoolDef {
  id: string;
  nome: string;
  url: string;
  /** 'primo': primary and lower secondary, where only parents sign in (law 182/2025, art. 51). */
  ciclo: 'primo' | 'secondo';
  /** The ways in the school offers; every school has SPID and CIE, some still user code and password. */
  login: { password: boolean };
  config: {
    voti_pesati: 'SI' | 'NO';
    media_voti: 'SI' | 'NO';
    richiesta_colloqui_individuali: 'SI' | 'NO';
    prenotazione_entrate_attiva: boolean;
    prenotazione_uscite_attiva: boolean;
    orario_limite_prenotazioni: string;
  };
  teachers: string[];
}

export const DEFAULT_SCHOOL_ID = 'DEMO01';

const DISCLAIMER =
  '<p>Le credenziali di accesso sono consegnate dalla segreteria. <strong>Non comunicarle a nessuno.</strong></p>';

const SCHOOLS: SchoolDef[] = [
  {
    id: 'DEMO01',
    nome: 'Liceo Scientifico Galileo Galilei - Demo',
    url: 'https://demo01.scuola.example',
    ciclo: 'secondo',
    login: { password: true },
    config: {
      voti_pesati: 'SI',
      media_voti: 'SI',
      richiesta_colloqui_individuali: 'SI',
      prenotazione_entrate_attiva: true,
      prenotazione_uscite_attiva: true,
      orario_limite_prenotazioni: '08:00',
    },
    teachers: [
      'Prof.ssa Anna Bianchi', 'Prof. Giovanni Ferrari', 'Prof.ssa Maria Esposito', 'Prof. Luca Romano',
      'Prof.ssa Chiara Colombo', 'Prof. Andrea Ricci', 'Prof.ssa Francesca Marino', 'Prof. Paolo Greco',
      'Prof.ssa Elena Bruno', 'Prof. Stefano Gallo', 'Prof.ssa Silvia Conti', 'Prof. Roberto Costa',
      'Prof.ssa Valentina Mancini', 'Prof. Alessandro Rizzo', 'Prof.ssa Sarah Collins', 'Prof. Davide Moretti',
    ],
  },
  {
    id: 'DEMO02',
    nome: 'Istituto Comprensivo Manzoni - Demo',
    url: 'https://demo02.scuola.example',
    ciclo: 'primo',
    // Passwords switched off, as most schools did when the law left SPID and CIE as the ways in.
    login: { password: false },
    config: {
      voti_pesati: 'NO',
      media_voti: 'SI',
      richiesta_colloqui_individuali: 'SI',
      prenotazione_entrate_attiva: true,
      prenotazione_uscite_attiva: true,
      orario_limite_prenotazioni: '08:00',
    },
    teachers: [
      'Prof.ssa Giulia Giordano', 'Prof. Matteo Fontana', 'Prof.ssa Sara Lombardi', 'Prof. Federico Barbieri',
      'Prof.ssa Laura Santoro', 'Prof. Simone Caruso', 'Prof.ssa Martina Ferri', 'Prof. Antonio Villa',
      'Prof.ssa Roberta Fabbri', 'Prof. Nicola Serra', 'Prof.ssa Paola Marchetti', 'Prof. Claudio Leone',
    ],
  },
];

/** A subject of a curriculum, taught by the holders of one or two teaching posts (cattedre). */
interface SubjectDef {
  descrizione: string;
  cattedre: string[];
}

const LICEO_BIENNIO: SubjectDef[] = [
  { descrizione: 'Lingua e letteratura italiana', cattedre: ['lettere'] },
  { descrizione: 'Lingua e cultura latina', cattedre: ['lettere'] },
  { descrizione: 'Lingua e cultura inglese', cattedre: ['inglese', 'conversazione'] },
  { descrizione: 'Storia e geografia', cattedre: ['lettere'] },
  { descrizione: 'Matematica', cattedre: ['matematica'] },
  { descrizione: 'Fisica', cattedre: ['matematica'] },
  { descrizione: 'Scienze naturali', cattedre: ['scienze'] },
  { descrizione: "Disegno e storia dell'arte", cattedre: ['arte'] },
  { descrizione: 'Scienze motorie e sportive', cattedre: ['motoria'] },
  { descrizione: 'Religione cattolica', cattedre: ['religione'] },
  { descrizione: 'Educazione civica e cittadinanza attiva', cattedre: ['lettere', 'diritto'] },
];

const LICEO_TRIENNIO: SubjectDef[] = [
  { descrizione: 'Lingua e letteratura italiana', cattedre: ['lettere'] },
  { descrizione: 'Lingua e cultura latina', cattedre: ['lettere'] },
  { descrizione: 'Lingua e cultura inglese', cattedre: ['inglese', 'conversazione'] },
  { descrizione: 'Storia', cattedre: ['storia'] },
  { descrizione: 'Filosofia', cattedre: ['storia'] },
  { descrizione: 'Matematica', cattedre: ['matematica'] },
  { descrizione: 'Fisica', cattedre: ['matematica'] },
  { descrizione: 'Scienze naturali', cattedre: ['scienze'] },
  { descrizione: "Disegno e storia dell'arte", cattedre: ['arte'] },
  { descrizione: 'Scienze motorie e sportive', cattedre: ['motoria'] },
  { descrizione: 'Religione cattolica', cattedre: ['religione'] },
  { descrizione: 'Educazione civica e cittadinanza attiva', cattedre: ['storia', 'diritto'] },
];

const SECONDARIA_PRIMO_GRADO: SubjectDef[] = [
  { descrizione: 'Italiano', cattedre: ['lettere'] },
  { descrizione: 'Storia', cattedre: ['lettere'] },
  { descrizione: 'Geografia', cattedre: ['lettere'] },
  { descrizione: 'Inglese', cattedre: ['inglese'] },
  { descrizione: 'Francese', cattedre: ['francese'] },
  { descrizione: 'Matematica', cattedre: ['matematica'] },
  { descrizione: 'Scienze', cattedre: ['matematica'] },
  { descrizione: 'Tecnologia', cattedre: ['tecnologia'] },
  { descrizione: 'Arte e immagine', cattedre: ['arte'] },
  { descrizione: 'Musica', cattedre: ['musica'] },
  { descrizione: 'Scienze motorie e sportive', cattedre: ['motoria'] },
  { descrizione: 'Religione cattolica', cattedre: ['religione'] },
  { descrizione: 'Educazione civica e cittadinanza attiva', cattedre: ['lettere', 'tecnologia'] },
];

interface EnrolmentDef {
  /** 0 = the current school year, -1 the one before. */
  yearOffset: number;
  classe: string;
  indirizzo: string;
  curriculum: SubjectDef[];
}

interface StudentDef {
  id: number;
  id_scuola: string;
  nome: string;
  cognome: string;
  versione_messenger: 'VERSIONE_1' | 'VERSIONE_2';
  servicesOff: ServiceKey[];
  enrolments: EnrolmentDef[];
  weighted: boolean;
  /** Subject with one grade of weight 0 in the current year (weighted average not computable). */
  zeroWeightSubject?: string;
  /** Typical grade of the student. */
  mean: number;
}

const STUDENTS: StudentDef[] = [
  {
    id: 501,
    id_scuola: 'DEMO01',
    nome: 'Marco',
    cognome: 'Rossi',
    versione_messenger: 'VERSIONE_2',
    servicesOff: [],
    enrolments: [
      { yearOffset: -1, classe: '2A', indirizzo: 'Liceo Scientifico', curriculum: LICEO_BIENNIO },
      { yearOffset: 0, classe: '3A', indirizzo: 'Liceo Scientifico', curriculum: LICEO_TRIENNIO },
    ],
    weighted: true,
    zeroWeightSubject: 'Fisica',
    mean: 7,
  },
  {
    id: 502,
    id_scuola: 'DEMO02',
    nome: 'Giulia',
    cognome: 'Rossi',
    versione_messenger: 'VERSIONE_1',
    servicesOff: ['alternanza', 'elezioni', 'mense'],
    enrolments: [
      { yearOffset: 0, classe: '2B', indirizzo: 'Scuola secondaria di primo grado', curriculum: SECONDARIA_PRIMO_GRADO },
    ],
    weighted: false,
    mean: 7.6,
  },
  {
    id: 503,
    id_scuola: 'DEMO01',
    nome: 'Luca',
    cognome: 'Bianchi',
    versione_messenger: 'VERSIONE_2',
    servicesOff: [],
    enrolments: [{ yearOffset: 0, classe: '4C', indirizzo: 'Liceo Scientifico', curriculum: LICEO_TRIENNIO }],
    weighted: true,
    mean: 6.6,
  },
];

interface UserDef {
  id_utente: number;
  mastercom_id: number;
  username: string;
  nome: string;
  cognome: string;
  tipo: 'genitore' | 'studente';
  studenti: number[];
}

const USERS: UserDef[] = [
  { id_utente: 1001, mastercom_id: 1001, username: 'genitore.demo', nome: 'Laura', cognome: 'Rossi', tipo: 'genitore', studenti: [501, 502] },
  { id_utente: 1002, mastercom_id: 1002, username: 'studente.demo', nome: 'Luca', cognome: 'Bianchi', tipo: 'studente', studenti: [503] },
  // Giulia's own account: a lower-secondary pupil, refused at sign-in whatever the way (first cycle).
  { id_utente: 1003, mastercom_id: 1003, username: 'studente.giulia', nome: 'Giulia', cognome: 'Rossi', tipo: 'studente', studenti: [502] },
];

// ---------------------------------------------------------------- grades

const SYMBOLS: ReadonlyArray<readonly [string, number]> = [
  ['4', 4], ['4½', 4.5], ['5-', 4.75], ['5', 5], ['5+', 5.25], ['5½', 5.5], ['6-', 5.75], ['6', 6],
  ['6+', 6.25], ['6½', 6.5], ['7-', 6.75], ['7', 7], ['7+', 7.25], ['7½', 7.5], ['8-', 7.75], ['8', 8],
  ['8+', 8.25], ['8½', 8.5], ['9-', 8.75], ['9', 9], ['9+', 9.25], ['9½', 9.5], ['10', 10],
];

function nearestSymbol(value: number): readonly [string, number] {
  let best = SYMBOLS[0] as readonly [string, number];
  for (const entry of SYMBOLS) if (Math.abs(entry[1] - value) < Math.abs(best[1] - value)) best = entry;
  return best;
}

const TOPICS: Record<string, string[]> = {
  'Lingua e letteratura italiana': ['il Dolce stil novo', 'Dante, Inferno: canti I-V', 'Petrarca e il Canzoniere', 'Boccaccio e il Decameron', "l'analisi del testo poetico"],
  'Lingua e cultura latina': ['la versione da Cesare', 'il periodo ipotetico', 'Catullo e i neoteroi', 'le proposizioni completive'],
  'Lingua e cultura inglese': ['present perfect and past simple', 'Chaucer and The Canterbury Tales', 'reading comprehension', 'the Elizabethan theatre'],
  Storia: ["l'età dei Comuni", 'la crisi del Trecento', 'le scoperte geografiche', 'la Riforma protestante'],
  'Storia e geografia': ["l'impero romano", 'le invasioni barbariche', 'i climi della Terra', 'le migrazioni'],
  Filosofia: ['i presocratici', 'Socrate e i sofisti', 'Platone: la teoria delle idee', "Aristotele: la logica"],
  Matematica: ['le equazioni di secondo grado', 'le disequazioni fratte', 'la parabola nel piano cartesiano', 'la retta nel piano cartesiano', 'le funzioni'],
  Fisica: ['il moto rettilineo uniforme', 'i principi della dinamica', 'il lavoro e l\'energia', 'la quantità di moto'],
  'Scienze naturali': ['la cellula', 'mitosi e meiosi', 'la genetica mendeliana', 'le reazioni chimiche'],
  "Disegno e storia dell'arte": ['la prospettiva centrale', "l'arte gotica", 'Giotto', 'le proiezioni ortogonali'],
  'Scienze motorie e sportive': ['i fondamentali della pallavolo', 'il test di Cooper', 'il salto in lungo', 'la coordinazione'],
  'Educazione civica e cittadinanza attiva': ['la Costituzione italiana', "l'Agenda 2030", 'la cittadinanza digitale'],
  Italiano: ['il testo narrativo', "l'analisi logica", 'le figure retoriche', 'il riassunto'],
  Geografia: ['gli Stati europei', "il clima dell'Europa", "l'Unione europea"],
  Inglese: ['the past simple', 'reading: my holidays', 'food and drinks'],
  Francese: ['le présent des verbes en -er', 'les articles partitifs', 'la compréhension écrite'],
  Scienze: ['la cellula', "l'apparato digerente", 'la materia e i suoi stati'],
  Tecnologia: ['le proiezioni ortogonali', 'i materiali', "l'energia"],
  'Arte e immagine': ['il colore', "l'arte romanica", 'la prospettiva'],
  Musica: ['il flauto dolce', 'la notazione musicale', 'la musica barocca'],
};

type Kind = 'scritto' | 'orale' | 'pratico';

function kindFor(subject: string, rng: Random): Kind {
  const r = rng.next();
  if (subject === 'Scienze motorie e sportive') return r < 0.8 ? 'pratico' : 'orale';
  if (["Disegno e storia dell'arte", 'Arte e immagine', 'Tecnologia', 'Musica'].includes(subject)) {
    return r < 0.6 ? 'pratico' : 'orale';
  }
  if (['Fisica', 'Scienze naturali', 'Scienze'].includes(subject)) return r < 0.2 ? 'pratico' : r < 0.6 ? 'scritto' : 'orale';
  return r < 0.55 ? 'scritto' : 'orale';
}

function comment(kind: Kind, value: number, topic: string): string {
  const band = value >= 7 ? 0 : value >= 6 ? 1 : 2;
  const texts: Record<Kind, [string, string, string]> = {
    scritto: [
      'Elaborato completo e ordinato.',
      'Corretto nelle parti essenziali, qualche imprecisione.',
      'Lacune significative: rivedere gli esercizi svolti in classe.',
    ],
    orale: [
      'Esposizione sicura, lessico appropriato.',
      'Conoscenze essenziali, esposizione da rendere più fluida.',
      'Preparazione insufficiente, si consiglia un ripasso accurato.',
    ],
    pratico: ['Esecuzione precisa e autonoma.', 'Risultato adeguato, da curare la precisione.', 'Esecuzione incompleta.'],
  };
  const label: Record<Kind, string> = { scritto: 'Verifica scritta', orale: 'Interrogazione', pratico: 'Prova pratica' };
  return `${label[kind]}. Argomento: ${topic}. ${texts[kind][band]}`;
}

export interface GradeSeed {
  id_materia: number;
  data: string;
  data_inserimento: string;
  simbolo: string;
  voto_numerico: number | null;
  colore_simbolo: string;
  sottotitolo: string;
  descrizione_peso: string;
  valore_peso: number;
  voto_pesato: boolean;
  is_voto: boolean;
  is_competenza: boolean;
  competenza: { descrizione: string; dimensioni: { descrizione: string; livello: string }[] } | null;
  presa_visione: boolean;
  data_presa_visione: string | null;
  data_presa_visione_tradotta: string | null;
  novita: boolean;
  dettaglio: string;
}

interface SubjectRef {
  id: number;
  descrizione: string;
}

/** Chronological positions of the special items among the 40 of a year (all older than the unread ones). */
const SPECIAL = { competence1: 6, summative: 13, competence2: 19, annotation: 25, htmlComment: 29 } as const;
/** Chronological positions always insufficient, so that every year shows a few (one among the unread). */
const INSUFFICIENT = new Set([3, 17, 31, 37]);

function findSubject(subjects: readonly SubjectRef[], names: string[]): SubjectRef {
  for (const name of names) {
    const found = subjects.find((s) => s.descrizione === name);
    if (found) return found;
  }
  const first = subjects[0];
  if (!first) throw new Error('a class without subjects');
  return first;
}

function gradesForYear(
  rng: Random,
  student: StudentDef,
  year: SchoolYearRef,
  isCurrent: boolean,
  today: string,
  now: Date,
  subjects: readonly SubjectRef[],
): GradeSeed[] {
  // Lesson days (holidays and the Christmas and Easter breaks excluded) up to today.
  const days = schoolDays(year.startYear).filter((d) => !isCurrent || d <= today);
  if (days.length === 0) return [];
  const graded = rng.shuffle(subjects.filter((s) => s.descrizione !== 'Religione cattolica'));
  const bias = new Map(graded.map((s) => [s.id, (rng.next() - 0.5) * 1.6]));
  const italian = findSubject(subjects, ['Lingua e letteratura italiana', 'Italiano']);
  const maths = findSubject(subjects, ['Matematica']);
  const history = findSubject(subjects, ['Storia', 'Storia e geografia']);
  const lab = findSubject(subjects, ['Fisica', 'Scienze']);
  const weight = (kind: string): number => {
    if (!student.weighted) return 100;
    if (kind === 'scritto') return 100;
    if (kind === 'orale') return rng.next() < 0.5 ? 50 : 100;
    return 50;
  };
  const atNow = (instant: Date): Date => (instant.getTime() > now.getTime() ? now : instant);
  const topicOf = (subject: SubjectRef): string => rng.pick(TOPICS[subject.descrizione] ?? ['gli argomenti del periodo']);
  const numericValue = (subject: SubjectRef, index: number): number => {
    if (INSUFFICIENT.has(index)) return 4.4 + rng.next() * 1.4;
    const noise = (rng.next() + rng.next() + rng.next()) / 3 - 0.5;
    return Math.min(10, Math.max(3.8, student.mean + (bias.get(subject.id) ?? 0) + noise * 4.4));
  };

  const grades: GradeSeed[] = [];
  let zeroWeightPlaced = !(isCurrent && student.zeroWeightSubject);
  for (let i = 0; i < GRADES_PER_YEAR; i++) {
    const data = days[Math.min(days.length - 1, Math.floor(((i + rng.next() * 0.8) * days.length) / GRADES_PER_YEAR))] as string;
    const unread = isCurrent && i >= GRADES_PER_YEAR - UNREAD_GRADES;
    const acknowledgedAt = atNow(romeInstant(addDays(data, 1), '18:30'));
    const base = {
      data,
      data_inserimento: toRomeIso(atNow(romeInstant(data, `13:${String(rng.int(5, 55)).padStart(2, '0')}`))),
      voto_pesato: student.weighted,
      is_competenza: false,
      competenza: null,
      presa_visione: !unread,
      data_presa_visione: unread ? null : toRomeIso(acknowledgedAt),
      data_presa_visione_tradotta: unread ? null : toRomeDisplay(acknowledgedAt),
      novita: unread,
    };
    // Judgements without a number keep the full weight: only the one planned grade has weight 0.
    const plain = { simbolo: '', voto_numerico: null, colore_simbolo: NEUTRAL, descrizione_peso: 'Peso 100%', valore_peso: 100 };

    if (i === SPECIAL.competence1 || i === SPECIAL.competence2) {
      const first = i === SPECIAL.competence1;
      const subject = first ? italian : maths;
      const levels = ['Base', 'Intermedio', 'Avanzato'];
      const dimensioni = first
        ? [
            { descrizione: 'Comprensione del testo', livello: rng.pick(levels) },
            { descrizione: 'Produzione scritta', livello: rng.pick(levels) },
          ]
        : [
            { descrizione: 'Risoluzione di problemi', livello: rng.pick(levels) },
            { descrizione: 'Argomentazione', livello: rng.pick(levels) },
            { descrizione: 'Uso del linguaggio specifico', livello: rng.pick(levels) },
          ];
      grades.push({
        ...base,
        ...plain,
        id_materia: subject.id,
        simbolo: rng.pick(['Intermedio', 'Avanzato']),
        sottotitolo: 'competenza',
        is_voto: false,
        is_competenza: true,
        competenza: {
          descrizione: first ? 'Competenza alfabetica funzionale' : 'Competenza matematica e competenze in scienze',
          dimensioni,
        },
        dettaglio: first
          ? 'Osservazione sistematica durante il lavoro di gruppo sul testo argomentativo.'
          : 'Compito di realtà: progettare il budget di una gita scolastica.',
      });
      continue;
    }
    if (i === SPECIAL.annotation) {
      const subject = graded[i % graded.length] ?? italian;
      grades.push({
        ...base,
        ...plain,
        id_materia: subject.id,
        simbolo: '+',
        sottotitolo: 'annotazione docente',
        is_voto: false,
        dettaglio: 'Partecipazione attiva e pertinente durante la lezione.',
      });
      continue;
    }

    const summative = i === SPECIAL.summative;
    const html = i === SPECIAL.htmlComment && isCurrent;
    const subject = summative ? history : html ? lab : (graded[i % graded.length] ?? italian);
    const kind: Kind = html ? 'scritto' : kindFor(subject.descrizione, rng);
    const [simbolo, voto] = nearestSymbol(numericValue(subject, i));
    let valore_peso = summative ? 100 : weight(kind);
    if (!zeroWeightPlaced && subject.descrizione === student.zeroWeightSubject && !summative) {
      valore_peso = 0;
      zeroWeightPlaced = true;
    }
    const topic = topicOf(subject);
    grades.push({
      ...base,
      id_materia: subject.id,
      simbolo,
      voto_numerico: voto,
      colore_simbolo: voto >= 6 ? GREEN : RED,
      sottotitolo: summative ? 'valutazione sommativa' : kind,
      descrizione_peso: `Peso ${valore_peso}%`,
      valore_peso,
      is_voto: true,
      dettaglio: summative
        ? `Valutazione sommativa di fine modulo. Argomento: ${topic}.`
        : html
          ? `<b>Relazione di laboratorio</b>. Argomento: ${topic}. Ben strutturata, dati raccolti con cura. <img src=x onerror=alert(1)>`
          : comment(kind, voto, topic),
    });
  }
  return grades;
}

// ---------------------------------------------------------------- writing

export async function seedDatabase(db: Db, now: Date): Promise<void> {
  const today = romeDate(now);
  const current = schoolYearOf(today);
  const previous = schoolYearStarting(current.startYear - 1);
  const yearAt = (offset: number): SchoolYearRef => (offset === 0 ? current : offset === -1 ? previous : schoolYearStarting(current.startYear + offset));
  const seed = `portale-famiglie:${today}`;
  const passwordHashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));

  const insert = {
    school: db.prepare(
      `INSERT INTO scuole (id, nome, url, recupera_password, login_spid, login_cie, parametri_spid, login_username_password, disclaimer_login, ciclo)
       VALUES (?, ?, ?, ?, 1, 1, '{}', ?, ?, ?)`,
    ),
    schoolYear: db.prepare(
      `INSERT INTO anni_scolastici (id_scuola, anno, descrizione, voti_pesati, media_voti, richiesta_colloqui_individuali,
         prenotazione_entrate_attiva, prenotazione_uscite_attiva, orario_limite_prenotazioni)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    period: db.prepare('INSERT INTO periodi (id_scuola, anno, numero, periodo, data_inizio, data_fine) VALUES (?, ?, ?, ?, ?, ?)'),
    user: db.prepare(
      'INSERT INTO utenti (id_utente, mastercom_id, username, password_hash, nome, cognome, tipo) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    student: db.prepare(
      'INSERT INTO studenti (id, id_scuola, nome, cognome, anno_corrente, versione_messenger) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    link: db.prepare('INSERT INTO utenti_studenti (id_utente, id_studente) VALUES (?, ?)'),
    enrolment: db.prepare('INSERT INTO iscrizioni (id_studente, anno, classe, indirizzo) VALUES (?, ?, ?, ?)'),
    service: db.prepare('INSERT INTO servizi_iscrizione (id_studente, anno, servizio, attivo) VALUES (?, ?, ?, ?)'),
    teacher: db.prepare('INSERT INTO professori (id, id_scuola, nome) VALUES (?, ?, ?)'),
    subject: db.prepare('INSERT INTO materie (id, id_scuola, anno, classe, descrizione, ordinamento) VALUES (?, ?, ?, ?, ?, ?)'),
    subjectTeacher: db.prepare('INSERT OR IGNORE INTO materie_professori (id_materia, id_professore) VALUES (?, ?)'),
    grade: db.prepare(
      `INSERT INTO voti (id, id_studente, anno, id_materia, data, data_inserimento, simbolo, voto_numerico, colore_simbolo,
         sottotitolo, descrizione_peso, valore_peso, voto_pesato, is_voto, is_competenza, competenza, presa_visione,
         data_presa_visione, data_presa_visione_tradotta, novita, dettaglio)
       VALUES (@id, @id_studente, @anno, @id_materia, @data, @data_inserimento, @simbolo, @voto_numerico, @colore_simbolo,
         @sottotitolo, @descrizione_peso, @valore_peso, @voto_pesato, @is_voto, @is_competenza, @competenza, @presa_visione,
         @data_presa_visione, @data_presa_visione_tradotta, @novita, @dettaglio)`,
    ),
  };

  db.transaction(() => {
    const teacherIds = new Map<string, number>();
    let nextTeacherId = 71;
    for (const school of SCHOOLS) {
      const schoolUrl = school.url;
      insert.school.run(
        school.id, school.nome, schoolUrl, school.login.password ? `${schoolUrl}/recupero-password` : '',
        Number(school.login.password), school.login.password ? DISCLAIMER : '', school.ciclo,
      );
      for (const year of [previous, current]) {
        const c = school.config;
        insert.schoolYear.run(
          school.id, year.id, year.descrizione, c.voti_pesati, c.media_voti, c.richiesta_colloqui_individuali,
          Number(c.prenotazione_entrate_attiva), Number(c.prenotazione_uscite_attiva), c.orario_limite_prenotazioni,
        );
        for (const p of periodsOf(year.startYear)) {
          insert.period.run(school.id, year.id, p.numero, p.periodo, p.data_inizio, p.data_fine);
        }
      }
      for (const name of school.teachers) {
        teacherIds.set(`${school.id}:${name}`, nextTeacherId);
        insert.teacher.run(nextTeacherId++, school.id, name);
      }
    }

    USERS.forEach((user, index) => {
      insert.user.run(user.id_utente, user.mastercom_id, user.username, passwordHashes[index], user.nome, user.cognome, user.tipo);
    });

    let nextSubjectId = 11;
    let nextGradeId = 9001;
    for (const student of STUDENTS) {
      const school = SCHOOLS.find((s) => s.id === student.id_scuola);
      if (!school) throw new Error(`unknown school ${student.id_scuola}`);
      insert.student.run(student.id, student.id_scuola, student.nome, student.cognome, current.id, student.versione_messenger);
      for (const enrolment of student.enrolments) {
        const year = yearAt(enrolment.yearOffset);
        insert.enrolment.run(student.id, year.id, enrolment.classe, enrolment.indirizzo);
        for (const key of SERVICE_KEYS) {
          insert.service.run(student.id, year.id, key, student.servicesOff.includes(key) ? 0 : 1);
        }

        const rng = new Random(`${seed}:${student.id}:${year.id}`);
        const teachersOfPost = new Map<string, string>();
        const pool = rng.shuffle(school.teachers);
        const subjects: SubjectRef[] = enrolment.curriculum.map((def, index) => {
          const id = nextSubjectId++;
          insert.subject.run(id, school.id, year.id, enrolment.classe, def.descrizione, index + 1);
          for (const post of def.cattedre) {
            let teacher = teachersOfPost.get(post);
            if (!teacher) {
              teacher = pool[teachersOfPost.size % pool.length] as string;
              teachersOfPost.set(post, teacher);
            }
            insert.subjectTeacher.run(id, teacherIds.get(`${school.id}:${teacher}`));
          }
          return { id, descrizione: def.descrizione };
        });

        const grades = gradesForYear(rng, student, year, enrolment.yearOffset === 0, today, now, subjects);
        for (const g of grades) {
          insert.grade.run({
            ...g,
            id: nextGradeId++,
            id_studente: student.id,
            anno: year.id,
            voto_pesato: Number(g.voto_pesato),
            is_voto: Number(g.is_voto),
            is_competenza: Number(g.is_competenza),
            competenza: g.competenza ? JSON.stringify(g.competenza) : null,
            presa_visione: Number(g.presa_visione),
            novita: Number(g.novita),
          });
        }
      }
    }

    for (const user of USERS) for (const id of user.studenti) insert.link.run(user.id_utente, id);
  })();
}
