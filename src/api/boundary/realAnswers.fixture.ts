/**
 * Answers in the real school backend's shapes, written field for field from what its public
 * clients show (login-web, studente/info, voti_plain, compiti_plain, agenda_plain, orario_plain,
 * argomenti_plain, annotazioni_plain, note_plain, thread, pagelle_plain, assenze_plain). The boundary's unit tests and the
 * browser test that runs the portal against a real-shaped backend both feed on them, so the two
 * always describe the same backend. Dates sit around Friday 20 November 2026, the suites' "today".
 */

export const REAL_SCHOOL = 'galilei-cr';
export const REAL_STUDENT = 1008147;
export const REAL_YEAR = '2026_2027';

export const realLogin = {
  token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJpZCI6MjAwMH0.real-backend-token',
  mastercom_token: 'c2e1f0a4b7d94e1c',
  mastercom_id: 'galilei-cr',
  nome: 'Giulia',
  cognome: 'Verdi',
  id_utente: 2000,
  studenti: [
    {
      id: REAL_STUDENT,
      id_scuola: REAL_SCHOOL,
      nome: 'VERDI LUCA',
      foto: '',
      anno_corrente: REAL_YEAR,
      anni: [
        {
          id: REAL_YEAR,
          classe: '4B',
          indirizzo: 'Liceo Scientifico',
          descrizione: '2026/2027',
          servizi: { voti: true, compiti: true, agenda: true, argomenti: true, annotazioni: true, assenze: true, note: false },
        },
        {
          id: '2025_2026',
          classe: '3B',
          indirizzo: 'Liceo Scientifico',
          descrizione: '2025/2026',
          servizi: { voti: true },
        },
      ],
      scuola: { mastercom_id: 'galilei-cr', nome: 'Liceo Galileo Galilei', provincia: 'CR', comune: 'Cremona', tipo: 'LS' },
      locale: 'it_IT',
      valuta: 'EUR',
    },
  ],
  language: 'it',
  url_scuola: 'https://galilei-cr-sito.registroelettronico.com',
};

export const realStudentInfo = {
  periodi_scolastici: [
    { numero: 1, periodo: 'Trimestre', data_inizio: '2026-09-14T00:00:00', data_fine: '2026-12-22T23:59:59' },
    { numero: 2, periodo: 'Pentamestre', data_inizio: '2027-01-07T00:00:00', data_fine: '2027-06-08T23:59:59' },
  ],
  periodo_corrente: { periodo: 'Trimestre', numero: 1, data_inizio: '2026-09-14T00:00:00', data_fine: '2026-12-22T23:59:59' },
  scuola: 'Liceo Galileo Galilei',
  voti_pesati: 'SI',
  media_voti: 'SI',
  // All 36 flags the real backend declares (studente/info carries them all; the login's years a few).
  servizi: {
    agenda: true,
    alternanza: false,
    annotazioni: true,
    argomenti: true,
    assenze: true,
    assenze_dad: false,
    colloqui_individuali: true,
    colloqui_generali: false,
    compiti: true,
    elenco_professori: true,
    mense: false,
    messaggi: true,
    note: true,
    presa_visione_note: true,
    orario: false,
    pagamenti: false,
    pagelle: true,
    storico: true,
    voti: true,
    presa_visione_voti: true,
    elezioni: false,
    documenti: false,
    servizi_giornalieri: false,
    materiale_didattico: false,
    verifiche: false,
    portale_iscrizioni: false,
    competenze: false,
    comunicazioni: false,
    messaggi_inviati: true,
    cambio_password: false,
    recupero_password: false,
    banner: false,
    notizie: true,
    videomeeting: false,
    note_tutor: false,
    colloqui: true,
  },
  richiesta_colloqui_individuali: true,
  prenotazione_entrate_attiva: false,
  prenotazione_uscite_attiva: false,
  prenotazione_entrate_orario_limite: '0',
  prenotazione_uscite_orario_limite: '0',
  indirizzo: 'Liceo Scientifico',
};

/** materie_nextapi: no public client shows more than id and name; the reference fields are kept. */
export const realSubjects = [
  { id: 31, descrizione: 'MATEMATICA', ordinamento: 1, professori: [{ id: 901, nome: 'Bianchi Anna' }] },
  { id: 32, descrizione: "STORIA DELL'ARTE", ordinamento: 2, professori: [{ id: 902, nome: 'Neri Paolo' }] },
  { id: 33, descrizione: 'INGLESE', ordinamento: 3, professori: [] },
];

export const realUpdates = [
  { sezione: 'voti', conteggio: 1, descrizione: '1 nuovo voto', data: '2026-11-18T10:12:00+01:00', visibile: true },
];

export const realGrades = [
  {
    id_voto: 77123,
    id_materia: 31,
    data: '2026-11-18T10:00:00+01:00',
    simbolo: '8-',
    voto_numerico: 7.75,
    colore_simbolo: '#1E7B34',
    titolo: 'MATEMATICA',
    sottotitolo: 'Scritto',
    dettaglio: 'Verifica sulle equazioni di secondo grado',
    descrizione_peso: null,
    valore_peso: null,
    voto_pesato: false,
    is_voto: true,
    is_competenza: false,
    dimensioni: [],
    presa_visione: true,
    data_presa_visione: 0,
    data_presa_visione_tradotta: '',
    url_contenuto: '',
    novita: true,
  },
  {
    id_voto: 77098,
    id_materia: 33,
    data: '2026-11-10T09:00:00+01:00',
    simbolo: '6½',
    voto_numerico: 6.5,
    colore_simbolo: '#1E7B34',
    titolo: 'INGLESE',
    sottotitolo: 'Orale',
    dettaglio: '',
    descrizione_peso: 'Peso 50%',
    valore_peso: 50,
    voto_pesato: true,
    is_voto: true,
    is_competenza: false,
    dimensioni: [],
    presa_visione: true,
    data_presa_visione: '2026-11-11T18:20:00+01:00',
    data_presa_visione_tradotta: '11-11-2026 18:20',
    url_contenuto: '',
    novita: false,
  },
];

export const realHomework = [
  { data: '2026-11-23T00:00:00+01:00', titolo: 'MATEMATICA', assegnazioni: 'Esercizi 12&ndash;18 a pagina 140', dettaglio: '' },
  { data: '2026-11-24T00:00:00+01:00', titolo: 'STORIA DELL&#039;ARTE', assegnazioni: 'Leggere il capitolo su Caravaggio', dettaglio: '' },
];

export const realAgenda = [
  {
    data: '2026-11-19T11:00:00+01:00',
    data_fine: '2026-11-19T12:00:00+01:00',
    titolo: 'Uscita didattica',
    sottotitolo: 'Visita alla Pinacoteca\r\nRitrovo all&#039;ingresso',
  },
];

/**
 * orario_plain on the suites' Friday: `id_materia` null or "" (the subject only named), and two
 * teachers sharing the third hour (co-teaching: two rows, one start).
 */
export const realTimetable = [
  { data_ora_inizio: '2026-11-20T08:00:00+01:00', data_ora_fine: '2026-11-20T09:00:00+01:00', titolo: 'MATEMATICA', sottotitolo: 'Bianchi Anna', id_materia: 31 },
  { data_ora_inizio: '2026-11-20T09:00:00', data_ora_fine: '2026-11-20T10:00:00', titolo: 'STORIA DELL&#039;ARTE', sottotitolo: 'Neri Paolo', id_materia: null },
  { data_ora_inizio: '2026-11-20T10:00:00+01:00', data_ora_fine: '2026-11-20T11:00:00+01:00', titolo: 'INGLESE', sottotitolo: 'Rossi Maria', id_materia: '' },
  { data_ora_inizio: '2026-11-20T10:00:00+01:00', data_ora_fine: '2026-11-20T11:00:00+01:00', titolo: 'INGLESE', sottotitolo: 'Smith John', id_materia: '' },
];

export const realTopics = [
  { data: '2026-11-18T00:00:00+01:00', titolo: 'MATEMATICA', modulo: 'Equazioni', dettaglio: 'Formula risolutiva e discriminante' },
];

export const realAnnotations = [
  { data: '2026-11-17T09:00:00+01:00', titolo: 'INGLESE', simbolo: 'C', descrizione_simbolo: 'Compiti non svolti', dettaglio: 'Non ha portato il quaderno' },
];

/**
 * note_plain: the teacher in `sottotitolo`, one `tag` object, `data_presa_visione` 0 when not
 * acknowledged (else epoch seconds), `dettaglio` with HTML entities or null.
 */
export const realNotes = [
  {
    id: 5012,
    novita: true,
    data: '2026-11-19T09:40:00+01:00',
    titolo: 'Nota disciplinare',
    sottotitolo: 'Neri Paolo',
    presa_visione: false,
    dettaglio: 'L&#039;alunno disturba la lezione &laquo;ripetutamente&raquo;',
    colore_simbolo: '#C62828',
    simbolo: 'N',
    tag: { codice: 'DIS', descrizione: 'Disturbo durante la lezione', ordinamento: 1 },
    data_presa_visione: 0,
    data_presa_visione_tradotta: '',
    url_contenuto: '',
  },
  {
    id: 4980,
    novita: false,
    data: '2026-10-27T11:05:00+01:00',
    titolo: 'Nota disciplinare',
    sottotitolo: 'Bianchi Anna',
    presa_visione: true,
    dettaglio: null,
    colore_simbolo: '#C62828',
    simbolo: 'N',
    tag: { codice: 'RIT', descrizione: 'Ritardo non giustificato', ordinamento: 2 },
    // 2026-10-28T17:30:00Z: 18:30 in Rome.
    data_presa_visione: 1793208600,
    data_presa_visione_tradotta: '28-10-2026 18:30',
    url_contenuto: '',
  },
];

export const realThreads = [
  {
    id: '1362_ver_2',
    id_messaggio: '5521',
    mittente: { id_mittente: '3000168', cognome: 'SEGRETERIA DIDATTICA', nome: '' },
    titolo: 'Uscita didattica',
    sottotitolo: 'Genitori classe 4B',
    da_leggere: true,
    data_lettura: '',
    presa_visione: -1,
    sottoscrizione: -1,
    conferma_lettura: false,
    allegati: 2,
    tipo_messaggio: 'MESSAGGIO',
    destinatari_concatenati: 'Genitori classe 4B',
  },
];

export const realReportCards = [
  {
    data: '2026-11-16T00:00:00+01:00',
    titolo: 'Pagellino primo trimestre',
    dettaglio: '<p>Valutazione <b>intermedia</b></p>',
    allegati: [{ descrizione: 'Pagellino.pdf', allegato: `/api/v3/scuole/${REAL_SCHOOL}/studenti/${REAL_STUDENT}/${REAL_YEAR}/pagelle/pagellino_1/` }],
  },
];

export const realAbsences = [
  {
    id: 441,
    data: '2026-11-16T00:00:00+01:00',
    simbolo: 'A',
    colore_simbolo: '#C62828',
    titolo: 'Assenza',
    tipo_assenza: 'assenza',
    giustificata: 'NO',
    giustificabile: true,
    motivazione: '',
    prenotazione: false,
  },
  {
    id: 442,
    data: '2026-11-12T00:00:00+01:00',
    simbolo: 'U',
    colore_simbolo: '#2E7D32',
    titolo: 'Uscita anticipata ore 12:11',
    tipo_assenza: 'assenza',
    giustificata: 'SI',
    giustificabile: false,
    motivazione: 'Visita medica',
    prenotazione: false,
  },
];
