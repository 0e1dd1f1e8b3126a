/**
 * Makes an event of a child's school life for the running server to send as a notice, so that
 * anyone can see one arrive (README "Notices on this browser"):
 *
 *   npm run demo:event -- voto Marco
 *   npm run demo:event -- messaggio Giulia
 *
 * Kinds: voto, nota, assenza, messaggio, colloquio, pagamento, mensa. The child is named by first
 * name (any student of the database). The event goes into the server's database (same DATA_DIR as
 * the server); the server's scheduler sends it within a few seconds to every browser of the child's
 * users that turned notices on, as their preferences say.
 */
import { resolve } from 'node:path';
import { openDatabase } from '../../bootstrap/database';
import { DEFAULT_DATA_DIR } from '../../paths';
import { preferencesRepository } from './repository';
import type { NoticeKind } from './rules';

const KINDS: Record<string, { tipo: NoticeKind; dettaglio: string; percorso: (messengerV2: boolean) => string }> = {
  voto: { tipo: 'voti', dettaglio: 'Matematica: 8 (verifica scritta)', percorso: () => '/voti' },
  nota: { tipo: 'note', dettaglio: 'Disturba ripetutamente la lezione', percorso: () => '/note-disciplinari' },
  assenza: { tipo: 'assenze', dettaglio: 'Assenza di oggi da giustificare', percorso: () => '/assenze' },
  messaggio: { tipo: 'messaggi', dettaglio: 'Uscita didattica al museo: autorizzazione entro venerdì', percorso: (v2) => (v2 ? '/messenger' : '/comunicazioni') },
  colloquio: { tipo: 'colloqui', dettaglio: 'Colloquio con la prof.ssa Bianchi spostato a giovedì', percorso: () => '/colloqui' },
  pagamento: { tipo: 'pagamenti', dettaglio: 'Contributo uscita didattica: 12,00 €', percorso: () => '/pagamenti' },
  mensa: { tipo: 'mense', dettaglio: 'Credito mensa sotto i 5 €', percorso: () => '/mense' },
};

const [kind = '', name = ''] = process.argv.slice(2);
const spec = KINDS[kind.toLowerCase()];
if (!spec || !name) {
  console.error(`usage: npm run demo:event -- <${Object.keys(KINDS).join('|')}> <first name of a student, e.g. Marco>`);
  process.exit(2);
}
const now = process.env.PORTAL_NOW ? new Date(process.env.PORTAL_NOW) : new Date();
const db = await openDatabase(resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR), now, { demo: true });
try {
  const student = db
    .prepare<[string], { id: number; nome: string; cognome: string; versione_messenger: string }>(
      'SELECT id, nome, cognome, versione_messenger FROM studenti WHERE nome = ? COLLATE NOCASE ORDER BY id LIMIT 1',
    )
    .get(name);
  if (!student) throw new Error(`no student named "${name}"`);
  const repo = preferencesRepository(db);
  repo.recordEvent({ id_studente: student.id, tipo: spec.tipo, dettaglio: spec.dettaglio, percorso: spec.percorso(student.versione_messenger === 'VERSIONE_2') }, Date.now());
  const listening = db
    .prepare<[number], number>('SELECT COUNT(*) FROM push_sottoscrizioni p JOIN utenti_studenti us ON us.id_utente = p.id_utente WHERE us.id_studente = ?')
    .pluck()
    .get(student.id);
  console.log(`${kind} for ${student.nome} ${student.cognome} (${student.id}): queued; ${listening ?? 0} browser(s) with notices on will get it within a few seconds.`);
} finally {
  db.close();
}
