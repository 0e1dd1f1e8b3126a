import type { MessengerVersion, ServiceFlags } from './services';

/**
 * What the portal knows about the signed-in family and the student's school life, whichever
 * backend said it. Only src/api/boundary builds these from backend answers; screens, machines and
 * rules read nothing else. Dates are school days (YYYY-MM-DD, Europe/Rome), instants carry their
 * offset, flags are booleans, text is plain text (HTML fields say so), and a field the backend did
 * not send is null rather than invented.
 */

export interface User {
  id_utente: number;
  nome: string;
  cognome: string;
}

export interface SchoolYear {
  /** YYYY_YYYY */
  id: string;
  descrizione: string;
  classe: string | null;
  indirizzo: string | null;
  servizi: ServiceFlags;
}

export interface Student {
  id: number;
  id_scuola: string;
  /** The name as the school gives it; some backends send the full name here and no surname. */
  nome: string;
  cognome: string;
  anno_corrente: string;
  anni: SchoolYear[];
  /** Sent by the backend, or picked from the services the school offers when it is not. */
  versione_messenger: MessengerVersion;
  /** School name, when the login answer carries it. */
  scuola: string | null;
}

/** What a sign-in (or a validated token) yields. user null or no students: the school's data is unusable. */
export interface SignIn {
  token: string;
  user: User | null;
  /** Provider-side id used to refresh the token; a string on real backends, a number on others. */
  mastercomId: string | null;
  urlScuola: string;
  students: Student[];
}

export interface SchoolPeriod {
  numero: number;
  periodo: string;
  data_inizio: string;
  data_fine: string;
}

export interface StudentInfo {
  classe: string | null;
  indirizzo: string | null;
  /** School name. */
  scuola: string | null;
  periodi_scolastici: SchoolPeriod[];
  periodo_corrente: number | null;
  voti_pesati: boolean;
  media_voti: boolean;
  /** The school asks families to acknowledge grades. */
  presa_visione_voti: boolean;
  richiesta_colloqui_individuali: boolean;
  prenotazione_entrate_attiva: boolean;
  prenotazione_uscite_attiva: boolean;
  /** HH:mm cut-off for same-day entry/exit bookings; null when the school sets none. */
  orario_limite_prenotazioni: string | null;
  servizi: ServiceFlags;
}

export interface Teacher {
  id: number;
  nome: string;
}

export interface Subject {
  id: number;
  descrizione: string;
  ordinamento: number;
  professori: Teacher[];
}

export interface Update {
  sezione: string;
  conteggio: number;
  descrizione: string;
  data: string | null;
  visibile: boolean;
}

export interface Competence {
  descrizione: string;
  dimensioni: { descrizione: string; livello: string }[];
}

export interface Grade {
  id: number;
  /** The subject's id; a negative stand-in derived from its name when the backend names it only. */
  id_materia: number;
  /** Subject name as the backend wrote it on the grade, when it did. */
  materia: string | null;
  data: string;
  simbolo: string;
  voto_numerico: number | null;
  /** CSS colour; empty when the backend gives none. */
  colore_simbolo: string;
  /** Kind of assessment, lower case (scritto, orale, pratico, ...). */
  sottotitolo: string;
  descrizione_peso: string;
  /** Weight in percent; 0 when not weighted. */
  valore_peso: number;
  voto_pesato: boolean;
  is_voto: boolean;
  is_competenza: boolean;
  competenza?: Competence;
  presa_visione: boolean;
  data_presa_visione: string | null;
  data_presa_visione_tradotta: string | null;
  novita: boolean;
  /** HTML. */
  dettaglio: string;
}

export interface HomeworkItem {
  id: number;
  /** Day assigned; the due day when the backend does not say. */
  data: string;
  data_consegna: string;
  id_materia: number;
  materia: string | null;
  dettaglio: string;
  novita: boolean;
}

export type AgendaKind = 'verifica' | 'interrogazione' | 'attività' | 'evento';

export interface AgendaItem {
  id: number;
  data: string;
  data_ora_inizio: string;
  data_ora_fine: string;
  id_materia: number | null;
  materia: string | null;
  titolo: string;
  dettaglio: string;
  /** One of AgendaKind; empty when the backend does not say (real backends never do). */
  tipo: AgendaKind | '';
  novita: boolean;
}

/**
 * One lesson of the timetable. Several lessons may share a start (co-teaching): each is its own
 * record with its own id, never one per hour.
 */
export interface Lesson {
  /** Sent by the backend, or derived from what the lesson says (real backends send none). */
  id: number;
  /** School day of the start. */
  data: string;
  /** Instants with their offset. */
  data_ora_inizio: string;
  /** The start when the backend gives no end. */
  data_ora_fine: string;
  /** The subject's id, or the student's subject with that name; null when neither says. */
  id_materia: number | null;
  /** Subject name as the backend wrote it (`titolo`); empty when it gave none. */
  materia: string;
  /** The teacher (the reference server adds the room); empty when the backend gives none. */
  docente: string;
}

export interface TopicItem {
  id: number;
  data: string;
  id_materia: number;
  materia: string | null;
  modulo: string;
  dettaglio: string;
}

export interface Annotation {
  id: number;
  data: string;
  id_materia: number;
  materia: string | null;
  simbolo: string;
  descrizione_simbolo: string;
  dettaglio: string;
  novita: boolean;
}

export interface DisciplinaryNoteTag {
  codice: string;
  descrizione: string;
  ordinamento: number;
}

export interface DisciplinaryNote {
  id: number;
  data: string;
  /** The teacher who wrote it; empty when the backend does not say. */
  docente: string;
  /** Plain text; empty when the backend sends none. */
  dettaglio: string;
  /** By ordinamento; real backends send one tag, the reference server a list. */
  tag: DisciplinaryNoteTag[];
  presa_visione: boolean;
  /** When the family acknowledged it, with its offset; null when not yet or not said. */
  data_presa_visione: string | null;
  data_presa_visione_tradotta: string | null;
  novita: boolean;
}

export interface ReportCardFile {
  nome: string;
  /** Path on the API origin (or an absolute address) of the file. */
  url: string;
}

export interface ReportCard {
  id: number;
  titolo: string;
  periodo: string | null;
  data_pubblicazione: string | null;
  /** HTML. */
  dettaglio: string;
  allegati: ReportCardFile[];
}

export interface Absence {
  id: number;
  data: string;
  /** HH:mm; null for whole-day absences or when the backend gives no time. */
  orario: string | null;
  simbolo: string;
  descrizione: string;
  colore_simbolo: string | null;
  tipo_assenza: string;
  giustificata: 'SI' | 'NO' | '';
  giustificabile: boolean;
  motivazione: string;
  tipo_giustificazione: string | null;
  data_giustificazione: string | null;
  prenotazione: boolean;
}

export interface ThreadSender {
  id: string | null;
  /** Whole name; real backends may put it all in the surname. */
  nome: string;
}

export interface Thread {
  /** e.g. "1362_ver_2" */
  id: string;
  id_messaggio: string | null;
  mittente: ThreadSender;
  titolo: string;
  destinatari: string;
  da_leggere: boolean;
  data_lettura: string | null;
  /** null: the sender did not ask for one. */
  presa_visione: boolean | null;
  sottoscrizione: boolean | null;
  conferma_lettura: boolean;
  allegati: number;
  tipo_messaggio: string | null;
  data: string | null;
}

export interface MeetingSlot {
  numero: number;
  /** HH:mm */
  orario: string;
  /** Nobody holds it (the student's own slot is not free). */
  libero: boolean;
}

export interface Meeting {
  id: number;
  tipo: 'individuale' | 'generale';
  data: string;
  ora_inizio: string;
  ora_fine: string;
  /** Start instant with its offset. */
  inizio: string;
  docente: string;
  id_professore: number | null;
  materia: string;
  modalita: 'presenza' | 'online';
  /** Room. */
  luogo: string | null;
  /** The school building's postal address, when the backend gives it. */
  indirizzo: string | null;
  /** Video-call address. */
  link: string | null;
  /** Not started yet: booking and cancelling allowed. */
  prenotabile: boolean;
  slot: MeetingSlot[];
  prenotato: { slot: number; orario: string; data_prenotazione: string | null } | null;
}

export interface WorkExperienceProject {
  id: number;
  titolo: string;
  descrizione: string;
  ente: string;
  tutor: string;
  stato: 'PROPOSTO' | 'ISCRITTO' | 'IN_CORSO' | 'CONCLUSO' | string;
  prenotabile: boolean;
  prenotato: boolean;
  data_prenotazione: string | null;
  data_inizio: string;
  data_fine: string | null;
  ore: number | null;
  ore_svolte: number | null;
  posti_disponibili: number | null;
}

export interface Election {
  id: number;
  titolo: string;
  organo: string;
  descrizione: string;
  elettorato: string;
  luogo: string;
  /** Instants with offset. */
  data_inizio: string;
  data_fine: string;
  stato: 'PROGRAMMATA' | 'APERTA' | 'CHIUSA' | string;
  preferenze_max: number | null;
  liste: { numero: number; nome: string; motto: string; candidati: { nome: string; cognome: string }[] }[];
}

export interface SchoolDocument {
  id: number;
  titolo: string;
  categoria: string;
  descrizione: string;
  data: string;
  allegato: { nome: string; tipo: string; dimensione: number | null; url: string } | null;
}

/** An attachment of a message: fetched by id with the session header, never by a tokened URL. */
export interface MessageAttachmentRef {
  id: number;
  nome: string;
  dimensione: number | null;
}

export interface ThreadMessage {
  id: number;
  mittente: string;
  /** HTML from the school (sanitise) or the family's text. */
  testo: string;
  data: string | null;
  /** Written by the family. */
  inviato: boolean;
  da_leggere: boolean;
  data_lettura: string | null;
  presa_visione: boolean;
  conferma_lettura: boolean;
  sottoscrizione: boolean;
  allegati: MessageAttachmentRef[];
}

export interface ThreadDetail {
  id: string;
  titolo: string;
  destinatari: string;
  /** Oldest first. */
  messaggi: ThreadMessage[];
}

/** One entry of the address book (`destinatari`, `destinatari-utente`). */
export interface Recipient {
  id: string;
  gruppo: string;
  descrizione: string;
}

/** A file of a communication, a notice or a sent message: downloaded from `url` with the session header. */
export interface MessageAttachment {
  id: number;
  nome: string;
  /** Bytes; 0 when not said. */
  dimensione: number;
  tipo: string;
  url: string;
}

/** Who wrote a communication (messenger VERSIONE_1). */
export interface MessageSender {
  id: string | null;
  /** Whole name; real backends may put it all in the surname. Empty when not said. */
  nome: string;
  /** Amministratore, Segreteria, Professore…; null when not said. */
  ruolo: string | null;
}

/** Whether a communication was read, confirmed and acknowledged, as the server last said. */
export interface CommunicationFlags {
  da_leggere: boolean;
  data_lettura: string | null;
  conferma_lettura: boolean;
  sottoscrizione: boolean;
  data_sottoscrizione: string | null;
}

/** A received communication (messenger VERSIONE_1), as the list gives it. */
export interface Communication extends CommunicationFlags {
  id_messaggio: number;
  titolo: string;
  /** HTML written by the school (sanitise). */
  dettaglio: string;
  mittente: MessageSender;
  /** Instant with its offset. */
  data: string;
  /** The sender asks for an acknowledgement. */
  presa_visione: boolean;
  /** circolare, comunicazione, avviso; empty when not said. */
  tipo_messaggio: string;
  novita: boolean;
  /** How many files it has. */
  allegati: number;
}

/** One communication opened, with its files. */
export interface CommunicationDetail extends Omit<Communication, 'allegati'> {
  allegati: MessageAttachment[];
}

/** A message the family sent with the VERSIONE_1 form. */
export interface SentMessage {
  id: number;
  titolo: string;
  /** The family's own text, plain. */
  testo: string;
  destinatari: Recipient[];
  /** Instant with its offset. */
  data: string;
  presa_visione: boolean;
  allegati: MessageAttachment[];
}

/** Whether a notice-board or news item was read or signed up to, as the server last said. */
export interface NoticeFlags {
  da_leggere: boolean;
  data_lettura: string | null;
  adesione: boolean;
  data_adesione: string | null;
}

/** A notice-board or news item. */
export interface Notice extends NoticeFlags {
  id: number;
  titolo: string;
  /** HTML (sanitise). */
  testo: string;
  /** A school day (shown without a time) or an instant with its offset. */
  data: string;
  autore: string;
  categoria: string;
  in_evidenza: boolean;
  novita: boolean;
  richiede_adesione: boolean;
  allegati: MessageAttachment[];
}

/** A thread message's flags after the family confirmed it. */
export interface ThreadMessageFlags {
  da_leggere: boolean;
  conferma_lettura: boolean;
  sottoscrizione: boolean;
}

/** The kinds of event a notice may be about (docs/product.md#preferences). */
export type NoticeKind = 'voti' | 'note' | 'assenze' | 'messaggi' | 'colloqui' | 'pagamenti' | 'mense';

/** The signed-in user's preferences, kept per user on the server: notices and averages. */
export interface UserPreferences {
  notifiche: {
    tipi: Record<NoticeKind, boolean>;
    /** Children whose events send no notice. */
    studenti_esclusi: Array<{ id_scuola: string; id_studente: number }>;
    /** `subito`: one notice per event (held in quiet hours); `riepilogo`: one summary a day. */
    modalita: 'subito' | 'riepilogo';
    silenzio: { attivo: boolean; dalle: string; alle: string };
    riepilogo_ora: string;
    mostra_dettagli: boolean;
  };
  nascondi_medie: boolean;
  lingua: 'it' | 'en';
}
