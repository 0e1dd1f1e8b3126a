/** Italian demo content of the didattica seed, keyed by the subject names of the core seed. */

export interface SubjectContent {
  /** Weekly lesson hours. */
  ore: number;
  aula?: string;
  /** How homework reads: exercises, study pages, or none. */
  compiti: 'esercizi' | 'studio' | 'lingua' | 'nessuno';
  /** Modules of the year in order, each with its lessons. */
  moduli: ReadonlyArray<readonly [string, readonly string[]]>;
}

export const SUBJECT_CONTENT: Record<string, SubjectContent> = {
  'Lingua e letteratura italiana': {
    ore: 4,
    compiti: 'studio',
    moduli: [
      ['Le origini della letteratura italiana', ['La nascita del volgare e i primi documenti', 'Il Cantico di Frate Sole di San Francesco', 'La Scuola siciliana: Giacomo da Lentini', 'I poeti siculo-toscani']],
      ['Il Dolce stil novo', ['Guinizzelli: Al cor gentil rempaira sempre amore', 'Cavalcanti: Chi è questa che vèn', 'Il tema della donna angelo']],
      ['Dante Alighieri', ['La vita e le opere minori', 'La Vita nuova: lettura e analisi', 'Inferno, canto I: la selva oscura', 'Inferno, canto III: gli ignavi', 'Inferno, canto V: Paolo e Francesca']],
      ['Petrarca e Boccaccio', ['Il Canzoniere: struttura e temi', 'Chiare, fresche et dolci acque', 'Il Decameron: la cornice', 'Novella di Chichibio e la gru']],
    ],
  },
  'Lingua e cultura latina': {
    ore: 3,
    compiti: 'esercizi',
    moduli: [
      ['Ripasso della sintassi dei casi', ['Il genitivo e il dativo', "L'ablativo assoluto", 'Il gerundio e il gerundivo']],
      ['La sintassi del periodo', ['Le proposizioni finali e consecutive', 'Il cum narrativo', 'Il periodo ipotetico indipendente']],
      ["L'età arcaica e repubblicana", ['Plauto e la commedia', 'Catullo e i poetae novi', 'Cesare: il De bello Gallico']],
    ],
  },
  'Lingua e cultura inglese': {
    ore: 3,
    compiti: 'lingua',
    moduli: [
      ['Grammar revision', ['Present perfect simple and continuous', 'Past perfect and narrative tenses', 'Modal verbs of deduction']],
      ['The Middle Ages', ['The Anglo-Saxons and Beowulf', 'Geoffrey Chaucer and The Canterbury Tales', 'The medieval ballad']],
      ['The Renaissance', ['The Elizabethan theatre', 'William Shakespeare: the sonnets', 'Romeo and Juliet: reading and analysis']],
    ],
  },
  Storia: {
    ore: 2,
    compiti: 'studio',
    moduli: [
      ["L'Europa dopo il Mille", ['La rinascita delle città', "L'età dei Comuni", 'Papato e Impero']],
      ['La crisi del Trecento', ['La peste nera', 'Le monarchie nazionali', 'La guerra dei Cent’anni']],
      ["L'età moderna", ['Le scoperte geografiche', 'La Riforma protestante', 'La Controriforma']],
    ],
  },
  'Storia e geografia': {
    ore: 3,
    compiti: 'studio',
    moduli: [
      ["Roma dall'età repubblicana all'impero", ['Le guerre puniche', 'La crisi della repubblica', 'Augusto e il principato']],
      ["L'impero e la sua crisi", ["L'impero nel II secolo", 'Il cristianesimo', 'Le invasioni barbariche']],
      ['Geografia: il pianeta e i popoli', ['I climi della Terra', 'Le migrazioni', 'Lo sviluppo sostenibile']],
    ],
  },
  Filosofia: {
    ore: 3,
    compiti: 'studio',
    moduli: [
      ['La nascita della filosofia', ['Il passaggio dal mito al logos', 'I filosofi di Mileto', 'Eraclito e Parmenide']],
      ['Socrate e Platone', ['I sofisti e Socrate', 'Platone: la teoria delle idee', 'Il mito della caverna']],
      ['Aristotele', ['La logica e il sillogismo', 'La metafisica', "L'etica e la politica"]],
    ],
  },
  Matematica: {
    ore: 4,
    compiti: 'esercizi',
    moduli: [
      ['Equazioni e disequazioni', ['Equazioni di secondo grado', 'Disequazioni di secondo grado', 'Disequazioni fratte', 'Sistemi di disequazioni']],
      ['Geometria analitica', ['Il piano cartesiano e la retta', 'Rette parallele e perpendicolari', 'La parabola', 'La circonferenza']],
      ['Funzioni', ['Dominio e segno di una funzione', 'Funzioni pari e dispari', 'Funzioni composte e inverse']],
    ],
  },
  Fisica: {
    ore: 3,
    aula: 'Laboratorio di fisica',
    compiti: 'esercizi',
    moduli: [
      ['Cinematica', ['Il moto rettilineo uniforme', 'Il moto uniformemente accelerato', 'Il moto circolare uniforme']],
      ['Dinamica', ['I principi della dinamica', 'Forza peso e forza di attrito', 'Il piano inclinato']],
      ['Energia', ['Lavoro e potenza', 'Energia cinetica e potenziale', 'La conservazione dell’energia']],
    ],
  },
  'Scienze naturali': {
    ore: 3,
    aula: 'Laboratorio di scienze',
    compiti: 'studio',
    moduli: [
      ['La chimica', ['Le leggi ponderali', 'La mole e la massa molare', 'Le reazioni chimiche e il loro bilanciamento']],
      ['Biologia', ['La cellula eucariote', 'Mitosi e meiosi', 'La genetica mendeliana']],
    ],
  },
  "Disegno e storia dell'arte": {
    ore: 2,
    aula: 'Aula di disegno',
    compiti: 'esercizi',
    moduli: [
      ["L'arte romanica e gotica", ["Le cattedrali romaniche", 'Il gotico in Francia e in Italia', 'Giotto e la cappella degli Scrovegni']],
      ['Disegno geometrico', ['Le proiezioni ortogonali', 'Le assonometrie', 'La prospettiva centrale']],
    ],
  },
  'Scienze motorie e sportive': {
    ore: 2,
    aula: 'Palestra',
    compiti: 'nessuno',
    moduli: [
      ['Capacità condizionali', ['Test di resistenza: il test di Cooper', 'Esercizi di forza a corpo libero', 'Velocità e rapidità']],
      ['Giochi sportivi', ['Pallavolo: il palleggio e il bagher', 'Pallavolo: la battuta', 'Pallacanestro: il terzo tempo']],
    ],
  },
  'Religione cattolica': {
    ore: 1,
    compiti: 'nessuno',
    moduli: [
      ['Religione e società', ['Il senso religioso', 'Le grandi religioni del mondo', 'Etica e scelte di vita']],
    ],
  },
  'Educazione civica e cittadinanza attiva': {
    ore: 0,
    compiti: 'studio',
    moduli: [
      ['Costituzione e cittadinanza', ['I principi fondamentali della Costituzione', "L'Agenda 2030", 'La cittadinanza digitale']],
    ],
  },
  Italiano: {
    ore: 6,
    compiti: 'studio',
    moduli: [
      ['Il testo narrativo', ['Le sequenze narrative', 'Fabula e intreccio', 'Il narratore e il punto di vista']],
      ['Grammatica', ["L'analisi logica: soggetto e predicato", 'I complementi diretti e indiretti', 'Il complemento di specificazione']],
      ['La poesia', ['Le figure retoriche di suono', 'La metafora e la similitudine', 'Parafrasi e commento']],
    ],
  },
  Geografia: {
    ore: 2,
    compiti: 'studio',
    moduli: [
      ["L'Europa", ['Il territorio europeo', "Il clima dell'Europa", "L'Unione europea e le sue istituzioni"]],
      ['Gli Stati europei', ['La Penisola iberica', 'La Francia', 'La Germania']],
    ],
  },
  Inglese: {
    ore: 3,
    compiti: 'lingua',
    moduli: [
      ['Grammar', ['The past simple of regular verbs', 'Irregular verbs', 'Past continuous']],
      ['Reading and speaking', ['My last holidays', 'Food and drinks', 'Describing people']],
    ],
  },
  Francese: {
    ore: 2,
    compiti: 'lingua',
    moduli: [
      ['Grammaire', ['Le présent des verbes en -er', 'Les articles partitifs', 'Le passé composé']],
      ['Communication', ['Se présenter', 'Faire des courses', 'Décrire sa maison']],
    ],
  },
  'Matematica@secondaria': {
    ore: 4,
    compiti: 'esercizi',
    moduli: [
      ['Aritmetica', ['Le frazioni e i numeri decimali', 'Rapporti e proporzioni', 'La proporzionalità diretta e inversa', 'Le percentuali']],
      ['Geometria', ['Le aree dei poligoni', 'Il teorema di Pitagora', 'Applicazioni del teorema di Pitagora']],
    ],
  },
  Scienze: {
    ore: 2,
    aula: 'Laboratorio di scienze',
    compiti: 'studio',
    moduli: [
      ['La materia', ['Gli stati della materia', 'Il calore e la temperatura', 'Miscugli e soluzioni']],
      ['Il corpo umano', ["L'apparato digerente", "L'apparato respiratorio", 'La circolazione del sangue']],
    ],
  },
  Tecnologia: {
    ore: 2,
    aula: 'Laboratorio di tecnologia',
    compiti: 'esercizi',
    moduli: [
      ['Disegno tecnico', ['Le proiezioni ortogonali di solidi', 'La quotatura', 'Le sezioni']],
      ['I materiali', ['Il legno', 'La carta', 'I metalli']],
    ],
  },
  'Arte e immagine': {
    ore: 2,
    aula: 'Aula di arte',
    compiti: 'esercizi',
    moduli: [
      ['Il linguaggio visivo', ['Il colore: primari e secondari', 'La luce e l’ombra', 'La prospettiva intuitiva']],
      ['Storia dell’arte', ["L'arte romanica", "L'arte gotica", 'Giotto']],
    ],
  },
  Musica: {
    ore: 2,
    aula: 'Aula di musica',
    compiti: 'esercizi',
    moduli: [
      ['Teoria e pratica', ['La notazione musicale', 'Il ritmo e il tempo', 'Il flauto dolce: scala di do']],
      ['Storia della musica', ['La musica medievale', 'Il Rinascimento', 'La musica barocca']],
    ],
  },
};

/** Content of a subject; `<name>@secondaria` overrides it for the middle school. */
export function contentOf(subject: string, middleSchool: boolean): SubjectContent {
  const base = (middleSchool ? SUBJECT_CONTENT[`${subject}@secondaria`] : undefined) ?? SUBJECT_CONTENT[subject];
  return base ?? { ore: 1, compiti: 'studio', moduli: [['Programma del periodo', ['Presentazione del programma', 'Lezione e discussione in classe']]] };
}

export const NOTE_TAGS = {
  DIS: { codice: 'DIS', descrizione: 'Disturbo durante la lezione', ordinamento: 1 },
  CELL: { codice: 'CELL', descrizione: 'Uso non autorizzato del cellulare', ordinamento: 2 },
  RIT: { codice: 'RIT', descrizione: 'Ritardi ripetuti', ordinamento: 3 },
  COMP: { codice: 'COMP', descrizione: 'Comportamento scorretto verso compagni o docenti', ordinamento: 4 },
  MAT: { codice: 'MAT', descrizione: 'Mancanza ripetuta del materiale', ordinamento: 5 },
} as const;

export const DISCIPLINARY_NOTES: ReadonlyArray<{ dettaglio: string; tag: (keyof typeof NOTE_TAGS)[] }> = [
  { dettaglio: "Lo studente disturba ripetutamente la lezione parlando con i compagni nonostante i richiami dell'insegnante.", tag: ['DIS'] },
  { dettaglio: 'Durante la verifica lo studente utilizza il telefono cellulare senza autorizzazione. Il dispositivo è stato consegnato in segreteria.', tag: ['CELL'] },
  { dettaglio: 'Terzo ingresso in ritardo nel mese senza giustificazione: si convoca la famiglia.', tag: ['RIT'] },
  { dettaglio: "Lo studente si rivolge in modo irrispettoso a un compagno durante l'intervallo.", tag: ['COMP', 'DIS'] },
  { dettaglio: 'Lo studente si presenta per la terza volta senza il materiale di laboratorio richiesto.', tag: ['MAT'] },
];

export const ANNOTATION_SYMBOLS: ReadonlyArray<{ simbolo: string; descrizione_simbolo: string; dettagli: readonly string[] }> = [
  { simbolo: '+', descrizione_simbolo: 'Partecipazione positiva', dettagli: ['Interviene in modo pertinente durante la discussione.', 'Ottimo contributo al lavoro di gruppo.'] },
  { simbolo: 'NC', descrizione_simbolo: 'Compiti non svolti', dettagli: ['Non ha svolto gli esercizi assegnati per casa.', 'Compito non consegnato entro la scadenza.'] },
  { simbolo: 'MM', descrizione_simbolo: 'Materiale mancante', dettagli: ['Non ha portato il libro di testo.', 'Senza quaderno degli esercizi.'] },
  { simbolo: 'IMP', descrizione_simbolo: 'Impreparato', dettagli: ["Si dichiara impreparato all'interrogazione programmata."] },
  { simbolo: 'G', descrizione_simbolo: 'Giustificazione sportiva', dettagli: ['Esonerato dalla parte pratica per certificato medico.'] },
];

export const TUTOR_NOTES: ReadonlyArray<{ titolo: string; dettaglio: string }> = [
  { titolo: 'Colloquio di orientamento iniziale', dettaglio: "Primo incontro individuale: abbiamo parlato degli interessi dello studente e degli obiettivi per l'anno. Si consiglia di annotare settimanalmente i progressi nell'E-Portfolio." },
  { titolo: 'Metodo di studio', dettaglio: 'Concordato un piano settimanale di studio con due momenti di ripasso. Da verificare al prossimo incontro.' },
  { titolo: 'E-Portfolio: capolavoro', dettaglio: 'Lo studente ha scelto il proprio capolavoro: una relazione di laboratorio. Entro fine mese deve caricarla sulla piattaforma Unica.' },
  { titolo: 'Orientamento in uscita', dettaglio: 'Presentate le giornate di università aperta della primavera e i percorsi ITS del territorio. La famiglia è invitata a partecipare.' },
  { titolo: 'Verifica del piano di lavoro', dettaglio: 'Buoni progressi in matematica; resta da migliorare la puntualità nelle consegne di inglese.' },
];

export const SCHOOL_ACTIVITIES: ReadonlyArray<{ descrizione: string; inizio: string; fine: string }> = [
  { descrizione: "Assemblea d'istituto", inizio: '08:00', fine: '12:00' },
  { descrizione: 'Colloqui generali con le famiglie', inizio: '15:00', fine: '18:30' },
  { descrizione: 'Consigli di classe con la componente genitori e studenti', inizio: '14:30', fine: '18:30' },
  { descrizione: 'Open day: scuola aperta alle famiglie delle classi terze medie', inizio: '15:00', fine: '18:00' },
  { descrizione: 'Giornata dello sport e torneo di pallavolo', inizio: '08:00', fine: '13:00' },
  { descrizione: 'Uscita didattica al Museo della Scienza e della Tecnologia', inizio: '08:15', fine: '13:00' },
  { descrizione: 'Simulazione di evacuazione (prova antincendio)', inizio: '10:30', fine: '11:00' },
];
