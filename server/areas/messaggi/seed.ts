import type { Db } from '../../db/database';
import { addDays, romeDate, romeInstant, toRomeIso, weekday } from '../../shared/time';
import { classTeachers, seedEnrolments, type SeedEnrolment } from '../../shared/enrolments';
import { textPdf } from '../../shared/pdf';
import { Random } from '../../shared/random';

/**
 * Demo messages for every student and year: 14 communications (the newest unread, some asking for
 * presa visione, some with attachments, one with rich HTML and one with a dangerous snippet), five
 * threads, two sent messages, four news and four notice-board items. Dates relative to `now`.
 */

const STAFF: Record<string, { id: string; gruppo: string; descrizione: string; genitori: boolean; studenti: boolean }[]> = {
  DEMO01: [
    { id: '3000168@amministratore', gruppo: 'Amministratori', descrizione: 'Dirigente scolastico', genitori: true, studenti: false },
    { id: '3000169@amministratore', gruppo: 'Amministratori', descrizione: 'Vicepresidenza', genitori: true, studenti: true },
    { id: '3000201@segreteria', gruppo: 'Segreteria', descrizione: 'Segreteria didattica', genitori: true, studenti: true },
    { id: '3000202@segreteria', gruppo: 'Segreteria', descrizione: 'Ufficio amministrativo', genitori: true, studenti: false },
  ],
  DEMO02: [
    { id: '3100101@amministratore', gruppo: 'Amministratori', descrizione: 'Dirigente scolastico', genitori: true, studenti: false },
    { id: '3100150@segreteria', gruppo: 'Segreteria', descrizione: 'Segreteria alunni', genitori: true, studenti: true },
  ],
};

interface CommunicationDef {
  titolo: string;
  dettaglio: string;
  mittente: [string, string];
  tipo: 'circolare' | 'comunicazione' | 'avviso';
  presa_visione: boolean;
  allegati: string[];
}

const DIRIGENTE: [string, string] = ['Dirigente scolastico', 'Amministratore'];
const SEGRETERIA: [string, string] = ['Segreteria didattica', 'Segreteria'];

const COMMUNICATIONS: CommunicationDef[] = [
  {
    titolo: 'Uscita didattica al Museo della Scienza e della Tecnologia',
    dettaglio:
      '<p>Gentili famiglie,</p><p>la classe parteciperà a un’uscita didattica al <strong>Museo Nazionale della Scienza e della Tecnologia</strong>. Partenza alle 8:15 dal cortile della scuola, rientro previsto per le 13:30.</p><p>Si prega di restituire l’autorizzazione firmata entro venerdì.</p>',
    mittente: DIRIGENTE,
    tipo: 'circolare',
    presa_visione: true,
    allegati: ['autorizzazione-uscita-didattica.pdf'],
  },
  {
    titolo: 'Sciopero del personale scolastico',
    dettaglio:
      '<p>Le organizzazioni sindacali hanno proclamato uno sciopero per l’intera giornata. <em>Non è possibile garantire il regolare svolgimento delle lezioni</em>: si invitano le famiglie a verificare la presenza dei docenti all’ingresso.</p>',
    mittente: DIRIGENTE,
    tipo: 'avviso',
    presa_visione: true,
    allegati: [],
  },
  {
    titolo: 'Colloqui generali del primo periodo',
    dettaglio:
      '<p>I colloqui generali si terranno in presenza dalle 15:00 alle 18:00. La prenotazione è aperta dalla sezione <strong>Colloqui generali</strong> del portale.</p>',
    mittente: DIRIGENTE,
    tipo: 'circolare',
    presa_visione: false,
    allegati: [],
  },
  {
    titolo: 'Elezione dei rappresentanti dei genitori nei consigli di classe',
    dettaglio:
      '<p>Le assemblee di classe si svolgeranno alle 17:00, seguite dall’apertura del seggio fino alle 19:00.</p><ol><li>Relazione del coordinatore di classe</li><li>Costituzione del seggio</li><li>Votazioni</li></ol>',
    mittente: DIRIGENTE,
    tipo: 'circolare',
    presa_visione: false,
    allegati: ['circolare-elezioni-organi-collegiali.pdf'],
  },
  {
    titolo: 'Corso di recupero di matematica',
    dettaglio:
      '<p>Da lunedì partirà il corso di recupero di matematica, il martedì e il giovedì dalle 14:00 alle 15:30 in aula 12. La frequenza è consigliata agli studenti segnalati dal consiglio di classe.</p>',
    mittente: SEGRETERIA,
    tipo: 'comunicazione',
    presa_visione: true,
    allegati: [],
  },
  {
    titolo: 'Certificato medico per l’attività sportiva',
    dettaglio:
      '<p>Per la partecipazione ai Giochi sportivi studenteschi è necessario consegnare in segreteria il <strong>certificato medico per attività sportiva non agonistica</strong>.</p>',
    mittente: SEGRETERIA,
    tipo: 'comunicazione',
    presa_visione: false,
    allegati: ['modulo-certificato-medico.pdf'],
  },
  {
    titolo: 'Sospensione delle lezioni per il ponte dell’Immacolata',
    dettaglio: '<p>Come da calendario regionale, le lezioni sono sospese lunedì 7 dicembre. Riprenderanno regolarmente mercoledì 9 dicembre.</p>',
    mittente: DIRIGENTE,
    tipo: 'avviso',
    presa_visione: false,
    allegati: [],
  },
  {
    titolo: 'Progetto Erasmus+: incontro informativo',
    dettaglio:
      '<h3>Progetto Erasmus+ 2027</h3><p>La scuola partecipa al programma <strong>Erasmus+</strong> con scambi in <em>Spagna</em> e <em>Finlandia</em>.</p><ul><li>Incontro informativo in aula magna alle 17:30</li><li>Candidature entro la fine del mese</li><li>Requisito: livello B1 di inglese</li></ul><p>Informazioni sul <a href="https://erasmus-plus.ec.europa.eu/it" target="_blank" rel="noopener">sito del programma</a>.</p><table><thead><tr><th>Meta</th><th>Periodo</th></tr></thead><tbody><tr><td>Valencia</td><td>Marzo</td></tr><tr><td>Tampere</td><td>Aprile</td></tr></tbody></table>',
    mittente: DIRIGENTE,
    tipo: 'circolare',
    presa_visione: false,
    allegati: ['bando-erasmus-2027.pdf'],
  },
  {
    titolo: 'Attenzione: messaggi fraudolenti a nome della scuola',
    dettaglio:
      '<p>Sono stati segnalati messaggi che chiedono le credenziali del registro. <strong>La scuola non chiede mai la password.</strong></p><p>Esempio del messaggio ricevuto:</p><blockquote>Gentile genitore, <a href="javascript:alert(\'phishing\')">clicca qui</a> per confermare l\'account.<img src="x" onerror="alert(\'xss\')"><script>alert("xss")</script></blockquote>',
    mittente: DIRIGENTE,
    tipo: 'avviso',
    presa_visione: false,
    allegati: [],
  },
  {
    titolo: 'Contributo volontario e assicurazione integrativa',
    dettaglio:
      '<p>Il contributo volontario per l’ampliamento dell’offerta formativa comprende la quota assicurativa. Il versamento si effettua dalla sezione <strong>Pagamenti</strong>.</p>',
    mittente: ['Ufficio amministrativo', 'Segreteria'],
    tipo: 'circolare',
    presa_visione: true,
    allegati: ['delibera-contributo-volontario.pdf', 'informativa-assicurazione.pdf'],
  },
  {
    titolo: 'Piano annuale delle attività',
    dettaglio: '<p>È pubblicato il piano annuale delle attività con le date di scrutini, consigli di classe e ricevimenti.</p>',
    mittente: DIRIGENTE,
    tipo: 'circolare',
    presa_visione: false,
    allegati: ['piano-annuale-attivita.pdf'],
  },
  {
    titolo: 'Giornata dello sport',
    dettaglio: '<p>Le classi parteciperanno alla giornata dello sport presso il centro sportivo comunale. Abbigliamento sportivo obbligatorio.</p>',
    mittente: ['Dipartimento di Scienze motorie', 'Professore'],
    tipo: 'comunicazione',
    presa_visione: true,
    allegati: [],
  },
  {
    titolo: 'Sportello di ascolto psicologico',
    dettaglio: '<p>Riprende lo sportello di ascolto, gratuito e riservato, il mercoledì dalle 10:00 alle 12:00. Prenotazioni tramite la casella dedicata.</p>',
    mittente: DIRIGENTE,
    tipo: 'comunicazione',
    presa_visione: false,
    allegati: [],
  },
  {
    titolo: 'Nuova app del registro elettronico per le famiglie',
    dettaglio: '<p>È disponibile la nuova versione del portale famiglie, utilizzabile anche da smartphone. Le credenziali restano invariate.</p>',
    mittente: SEGRETERIA,
    tipo: 'comunicazione',
    presa_visione: false,
    allegati: [],
  },
];

const NEWS = [
  { titolo: 'Open day della scuola', testo: '<p>Sabato pomeriggio la scuola apre le porte alle famiglie dei futuri iscritti: laboratori, visite guidate e incontro con il dirigente.</p>', autore: 'Dirigente scolastico', categoria: 'Eventi', evidenza: true, adesione: true },
  { titolo: 'Premiazione delle Olimpiadi di matematica', testo: '<p>Complimenti agli studenti qualificati alla fase provinciale delle <strong>Olimpiadi di matematica</strong>!</p>', autore: 'Dipartimento di Matematica', categoria: 'Notizie', evidenza: false, adesione: false },
  { titolo: 'Raccolta alimentare solidale', testo: '<p>Fino a fine mese è attiva nell’atrio la raccolta di generi alimentari a lunga conservazione per il Banco alimentare.</p>', autore: 'Comitato genitori', categoria: 'Iniziative', evidenza: false, adesione: false },
  { titolo: 'Concerto di Natale', testo: '<p>Il coro e l’orchestra della scuola si esibiranno in aula magna. Ingresso libero fino a esaurimento posti.</p>', autore: 'Vicepresidenza', categoria: 'Eventi', evidenza: false, adesione: true },
];

const BOARD = [
  { titolo: 'Orario definitivo delle lezioni', testo: '<p>Da lunedì è in vigore l’orario definitivo. Il documento è allegato.</p>', autore: 'Vicepresidenza', categoria: 'Orario', evidenza: true, adesione: false, allegato: 'orario-definitivo.pdf' },
  { titolo: 'Regolamento per l’uso dei dispositivi digitali', testo: '<p>Il consiglio d’istituto ha approvato il nuovo regolamento sull’uso di smartphone e tablet durante le lezioni.</p>', autore: 'Dirigente scolastico', categoria: 'Regolamenti', evidenza: false, adesione: false, allegato: 'regolamento-dispositivi.pdf' },
  { titolo: 'Ricevimento della segreteria', testo: '<p>La segreteria riceve il pubblico dal lunedì al venerdì dalle 8:00 alle 10:00 e il martedì anche dalle 14:30 alle 16:30.</p>', autore: 'Segreteria didattica', categoria: 'Segreteria', evidenza: false, adesione: false, allegato: null },
  { titolo: 'Biblioteca scolastica: nuovi orari', testo: '<p>La biblioteca è aperta agli studenti ogni giorno durante l’intervallo e il giovedì pomeriggio. Per il laboratorio di lettura del giovedì è richiesta l’iscrizione.</p>', autore: 'Referente biblioteca', categoria: 'Servizi', evidenza: false, adesione: true, allegato: null },
];

interface Clock {
  now: Date;
  today: string;
}

/** A school day (Monday to Saturday) `daysAgo` days before `today`, kept inside the school year. */
function dayBefore(e: SeedEnrolment, clock: Clock, daysAgo: number): string {
  const start = `${e.anno.slice(0, 4)}-09-10`;
  const end = `${e.anno.slice(5, 9)}-06-08`;
  const anchor = e.current ? clock.today : end;
  let d = addDays(anchor, -daysAgo);
  if (d < start) d = addDays(start, daysAgo % 20);
  if (weekday(d) === 0) d = addDays(d, -1);
  return d;
}

/** An instant on `day` at `time`, never after the clock. */
function at(clock: Clock, day: string, time: string): Date {
  const instant = romeInstant(day, time);
  return instant.getTime() > clock.now.getTime() ? new Date(clock.now.getTime() - 3_600_000) : instant;
}

const attachmentText = (nome: string, titolo: string): string =>
  [`Documento: ${nome}`, `Riferimento: ${titolo}`, 'Documento generato dal portale dimostrativo.', 'Firmato digitalmente dal Dirigente scolastico.'].join('\n');

export function seedMessages(db: Db, now: Date): void {
  const clock: Clock = { now, today: romeDate(now) };
  const seed = `messaggi:${clock.today}`;
  const ins = {
    staff: db.prepare('INSERT INTO messaggi_destinatari (id_scuola, id, gruppo, descrizione, per_genitori, per_studenti) VALUES (?, ?, ?, ?, ?, ?)'),
    communication: db.prepare(
      `INSERT INTO messaggi_comunicazioni (id, id_studente, anno, titolo, dettaglio, mittente_nome, mittente_ruolo, data, giorno, tipo_messaggio,
         da_leggere, data_lettura, presa_visione, conferma_lettura, sottoscrizione, data_sottoscrizione, novita)
       VALUES (@id, @id_studente, @anno, @titolo, @dettaglio, @mittente_nome, @mittente_ruolo, @data, @giorno, @tipo_messaggio,
         @da_leggere, @data_lettura, @presa_visione, @conferma_lettura, @sottoscrizione, @data_sottoscrizione, @novita)`,
    ),
    attachment: db.prepare(
      `INSERT INTO messaggi_allegati (id, id_studente, anno, id_utente, nome, tipo, dimensione, file, testo, data, id_comunicazione, id_thread_messaggio, id_inviato, id_bacheca)
       VALUES (@id, @id_studente, @anno, @id_utente, @nome, @tipo, @dimensione, NULL, @testo, @data, @id_comunicazione, @id_thread_messaggio, @id_inviato, @id_bacheca)`,
    ),
    thread: db.prepare(
      `INSERT INTO messaggi_thread (id, versione, id_studente, anno, id_utente, titolo, sottotitolo, mittente_nome, mittente_ruolo, tipo_messaggio, inviato, novita)
       VALUES (@id, 2, @id_studente, @anno, @id_utente, @titolo, @sottotitolo, @mittente_nome, @mittente_ruolo, @tipo_messaggio, @inviato, @novita)`,
    ),
    threadMessage: db.prepare(
      `INSERT INTO messaggi_thread_messaggi (id, id_thread, id_utente, mittente_nome, mittente_ruolo, inviato, testo, data, giorno, da_leggere, data_lettura,
         presa_visione, conferma_lettura, sottoscrizione)
       VALUES (@id, @id_thread, @id_utente, @mittente_nome, @mittente_ruolo, @inviato, @testo, @data, @giorno, @da_leggere, @data_lettura,
         @presa_visione, @conferma_lettura, @sottoscrizione)`,
    ),
    sent: db.prepare(
      `INSERT INTO messaggi_inviati (id, id_studente, anno, id_utente, titolo, testo, destinatari, data, giorno, presa_visione)
       VALUES (@id, @id_studente, @anno, @id_utente, @titolo, @testo, @destinatari, @data, @giorno, @presa_visione)`,
    ),
    notice: db.prepare(
      `INSERT INTO messaggi_bacheca (id, id_studente, anno, sezione, titolo, testo, data, giorno, autore, categoria, in_evidenza, novita,
         da_leggere, data_lettura, richiede_adesione)
       VALUES (@id, @id_studente, @anno, @sezione, @titolo, @testo, @data, @giorno, @autore, @categoria, @in_evidenza, @novita,
         @da_leggere, @data_lettura, @richiede_adesione)`,
    ),
  };
  const userOf = db.prepare<[number], { id_utente: number; nome: string; cognome: string; tipo: string }>(
    `SELECT u.id_utente, u.nome, u.cognome, u.tipo FROM utenti u JOIN utenti_studenti us ON us.id_utente = u.id_utente
      WHERE us.id_studente = ? ORDER BY u.id_utente LIMIT 1`,
  );

  const ids = { communication: 4101, attachment: 6101, thread: 1350, message: 8801, sent: 5201, notice: 7301 };

  db.transaction(() => {
    for (const [school, staff] of Object.entries(STAFF)) {
      for (const r of staff) ins.staff.run(school, r.id, r.gruppo, r.descrizione, Number(r.genitori), Number(r.studenti));
    }

    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`${seed}:${e.id_studente}:${e.anno}`);
      const user = userOf.get(e.id_studente);
      const family = { nome: user ? `${user.nome} ${user.cognome}` : 'Famiglia', ruolo: user?.tipo === 'studente' ? 'Studente' : 'Genitore' };
      const teachers = classTeachers(db, e.id_scuola, e.anno, e.classe);
      const teacher = (i: number) => teachers[i % Math.max(1, teachers.length)] ?? { id: 0, nome: 'Coordinatore di classe', materie: ['Coordinamento'] };
      const staff = STAFF[e.id_scuola] ?? [];
      const office = staff.find((s) => s.gruppo === 'Segreteria') ?? { id: '0@segreteria', gruppo: 'Segreteria', descrizione: 'Segreteria' };

      const addAttachment = (nome: string, titolo: string, data: string, link: Partial<Record<'id_comunicazione' | 'id_thread_messaggio' | 'id_bacheca', number>>) => {
        const testo = attachmentText(nome, titolo);
        ins.attachment.run({
          id: ids.attachment++,
          id_studente: e.id_studente,
          anno: e.anno,
          id_utente: null,
          nome,
          tipo: 'application/pdf',
          dimensione: textPdf(nome, testo.split('\n')).length,
          testo,
          data,
          id_comunicazione: link.id_comunicazione ?? null,
          id_thread_messaggio: link.id_thread_messaggio ?? null,
          id_inviato: null,
          id_bacheca: link.id_bacheca ?? null,
        });
      };

      // Communications: index 0 is the newest. The 4 newest of the current year are unread; the
      // 2 newest asking for presa visione are not yet acknowledged.
      let pendingAcks = 0;
      const ordered = COMMUNICATIONS.map((def, i) => ({ def, daysAgo: 1 + i * 5 + rng.int(0, 3) }));
      ordered.forEach(({ def, daysAgo }, index) => {
        const day = dayBefore(e, clock, daysAgo);
        const sent = at(clock, day, `${String(rng.int(8, 13)).padStart(2, '0')}:${String(rng.int(0, 11) * 5).padStart(2, '0')}`);
        const unread = e.current && index < 4;
        const read = unread ? null : toRomeIso(at(clock, addDays(day, 1), '20:30'));
        let acknowledged = def.presa_visione;
        if (acknowledged && e.current && pendingAcks < 2) {
          acknowledged = false;
          pendingAcks++;
        }
        const id = ids.communication++;
        ins.communication.run({
          id,
          id_studente: e.id_studente,
          anno: e.anno,
          titolo: def.titolo,
          dettaglio: def.dettaglio,
          mittente_nome: def.mittente[0],
          mittente_ruolo: def.mittente[1],
          data: toRomeIso(sent),
          giorno: romeDate(sent),
          tipo_messaggio: def.tipo,
          da_leggere: Number(unread),
          data_lettura: read,
          presa_visione: Number(def.presa_visione),
          conferma_lettura: Number(acknowledged || (!unread && index % 3 === 0)),
          sottoscrizione: Number(acknowledged),
          data_sottoscrizione: acknowledged ? read : null,
          novita: Number(unread),
        });
        for (const nome of def.allegati) addAttachment(nome, def.titolo, toRomeIso(sent), { id_comunicazione: id });
      });

      // Threads.
      const t0 = teacher(0);
      const t1 = teacher(1);
      const t2 = teacher(2);
      const threads: {
        titolo: string;
        sottotitolo: string;
        mittente: { nome: string; ruolo: string };
        inviato: boolean;
        daysAgo: number;
        unread: boolean;
        messages: { from: 'school' | 'family'; nome?: string; ruolo?: string; testo: string; presa_visione?: boolean; allegato?: string }[];
      }[] = [
        {
          titolo: `Recupero verifica di ${t0.materie[0] ?? 'matematica'}`,
          sottotitolo: t0.nome,
          mittente: { nome: t0.nome, ruolo: 'Professore' },
          inviato: false,
          daysAgo: 9,
          unread: false,
          messages: [
            { from: 'school', testo: '<p>Buongiorno, la verifica di recupero si terrà martedì alla terza ora. Si consiglia di ripassare gli esercizi svolti in classe.</p>' },
            { from: 'family', testo: 'Grazie per l’avviso, provvederemo.' },
          ],
        },
        {
          titolo: 'Comportamento durante le lezioni',
          sottotitolo: t1.nome,
          mittente: { nome: t1.nome, ruolo: 'Professore' },
          inviato: false,
          daysAgo: 2,
          unread: true,
          messages: [
            { from: 'school', testo: '<p>Gentile famiglia, segnalo alcune <strong>distrazioni ricorrenti</strong> durante le ultime lezioni. Chiedo conferma di presa visione.</p>', presa_visione: true },
          ],
        },
        {
          titolo: 'Richiesta di uscita anticipata',
          sottotitolo: office.descrizione,
          mittente: family,
          inviato: true,
          daysAgo: 6,
          unread: false,
          messages: [
            { from: 'family', testo: 'Buongiorno, giovedì lo studente dovrà uscire alle 11:00 per una visita medica.' },
            { from: 'school', nome: office.descrizione, ruolo: 'Segreteria', testo: '<p>Ricevuto, l’uscita è stata registrata. Ricordiamo di giustificarla sul portale.</p>' },
          ],
        },
        {
          titolo: 'Materiale per il laboratorio',
          sottotitolo: `${t2.nome}, Classe ${e.classe}`,
          mittente: { nome: t2.nome, ruolo: 'Professore' },
          inviato: false,
          daysAgo: 1,
          unread: true,
          messages: [
            { from: 'school', testo: '<p>Per la prossima esercitazione servono camice e occhiali protettivi. In allegato la scheda di sicurezza.</p>', allegato: 'scheda-sicurezza-laboratorio.pdf' },
          ],
        },
        {
          titolo: 'Convocazione del consiglio di classe',
          sottotitolo: `Genitori della classe ${e.classe}`,
          mittente: { nome: 'Dirigente scolastico', ruolo: 'Amministratore' },
          inviato: false,
          daysAgo: 15,
          unread: false,
          messages: [
            { from: 'school', nome: 'Dirigente scolastico', ruolo: 'Amministratore', testo: '<p>Il consiglio di classe aperto ai rappresentanti è convocato per giovedì alle 16:00 in aula magna.</p>', presa_visione: true },
          ],
        },
      ];
      for (const t of threads) {
        const threadId = ids.thread++;
        ins.thread.run({
          id: threadId,
          id_studente: e.id_studente,
          anno: e.anno,
          id_utente: t.inviato ? (user?.id_utente ?? null) : null,
          titolo: t.titolo,
          sottotitolo: t.sottotitolo,
          mittente_nome: t.mittente.nome,
          mittente_ruolo: t.mittente.ruolo,
          tipo_messaggio: 'messaggio',
          inviato: Number(t.inviato),
          novita: Number(e.current && t.unread),
        });
        const first = dayBefore(e, clock, t.daysAgo);
        t.messages.forEach((m, i) => {
          const day = addDays(first, i) > clock.today && e.current ? first : addDays(first, i);
          const when = at(clock, day, i === 0 ? '09:40' : '17:05');
          const byFamily = m.from === 'family';
          const unread = !byFamily && e.current && t.unread;
          const id = ids.message++;
          ins.threadMessage.run({
            id,
            id_thread: threadId,
            id_utente: byFamily ? (user?.id_utente ?? null) : null,
            mittente_nome: byFamily ? family.nome : (m.nome ?? t.mittente.nome),
            mittente_ruolo: byFamily ? family.ruolo : (m.ruolo ?? t.mittente.ruolo),
            inviato: Number(byFamily),
            testo: m.testo,
            data: toRomeIso(when),
            giorno: romeDate(when),
            da_leggere: Number(unread),
            data_lettura: unread ? null : toRomeIso(at(clock, day, '20:00')),
            presa_visione: Number(m.presa_visione === true),
            conferma_lettura: Number(!unread),
            sottoscrizione: Number(m.presa_visione === true && !unread),
          });
          if (m.allegato) addAttachment(m.allegato, t.titolo, toRomeIso(when), { id_thread_messaggio: id });
        });
      }

      // Sent messages (VERSIONE_1 form).
      const sentDefs = [
        { titolo: 'Assenza per visita medica', testo: 'Buongiorno, comunico che lo studente sarà assente venerdì per una visita medica programmata.', to: [office], daysAgo: 5, presa: false },
        { titolo: 'Richiesta di colloquio', testo: 'Gentile docente, vorrei fissare un breve colloquio sull’andamento del primo periodo.', to: [{ id: `${t0.id}@professore`, gruppo: 'Professori', descrizione: `${t0.nome} (${t0.materie.join(', ')})` }], daysAgo: 12, presa: true },
      ];
      for (const m of sentDefs) {
        const when = at(clock, dayBefore(e, clock, m.daysAgo), '07:45');
        ins.sent.run({
          id: ids.sent++,
          id_studente: e.id_studente,
          anno: e.anno,
          id_utente: user?.id_utente ?? 0,
          titolo: m.titolo,
          testo: m.testo,
          destinatari: JSON.stringify(m.to.map(({ id, gruppo, descrizione }) => ({ id, gruppo, descrizione }))),
          data: toRomeIso(when),
          giorno: romeDate(when),
          presa_visione: Number(m.presa),
        });
      }

      // News and notice board.
      const notices = [
        ...NEWS.map((n, i) => ({ ...n, sezione: 'notizie', allegato: null as string | null, daysAgo: 3 + i * 8 })),
        ...BOARD.map((n, i) => ({ ...n, sezione: 'bacheca', daysAgo: 4 + i * 9 })),
      ];
      for (const n of notices) {
        const when = at(clock, dayBefore(e, clock, n.daysAgo + rng.int(0, 2)), '11:00');
        const id = ids.notice++;
        ins.notice.run({
          id,
          id_studente: e.id_studente,
          anno: e.anno,
          sezione: n.sezione,
          titolo: n.titolo,
          testo: n.testo,
          data: toRomeIso(when),
          giorno: romeDate(when),
          autore: n.autore,
          categoria: n.categoria,
          in_evidenza: Number(n.evidenza),
          novita: Number(e.current && n.daysAgo < 6),
          // The two newest of each list are still to open; the older ones were read the day after.
          da_leggere: Number(e.current && n.daysAgo < 13),
          data_lettura: e.current && n.daysAgo < 13 ? null : toRomeIso(at(clock, addDays(romeDate(when), 1), '19:00')),
          richiede_adesione: Number(n.adesione),
        });
        if (n.allegato) addAttachment(n.allegato, n.titolo, toRomeIso(when), { id_bacheca: id });
      }
    }
  })();
}
