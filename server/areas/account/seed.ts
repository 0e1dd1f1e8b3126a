import type { Db } from '../../db/database';
import { DEMO_PASSWORD } from '../../shared/enrolments';
import { hashPassword } from '../../security';

/**
 * The demo identity providers' people (every SPID provider and CIE offers them all). The tax codes are fictitious (their check letters are not
 * computed); each one shows one outcome of a sign-in with SPID.
 */
export const SPID_DEMO = {
  /** Laura Rossi: signs in as genitore.demo. */
  parent: 'RSSLRA80A41H501X',
  /** Luca Bianchi: signs in as studente.demo. */
  student: 'BNCLCU10B15L219Z',
  /** Giuseppe Verdi: linked to no user of the school. */
  noUser: 'VRDGPP70A01F205X',
  /** Mario Bianchi: linked to two users (his own account and, by mistake, his son's). */
  severalUsers: 'BNCMRA75C12L219Y',
  /** Giulia Rossi: studente.giulia, a first-cycle pupil (refused: only parents sign in there). */
  firstCycle: 'RSSGLI13C45H501Y',
} as const;

/** Mario Bianchi's own account, parent of Luca Bianchi (503); the same demo password. */
export const SPID_EXTRA_USER = {
  id_utente: 1901,
  mastercom_id: 1901,
  username: 'genitore.bianchi',
  nome: 'Mario',
  cognome: 'Bianchi',
  tipo: 'genitore',
  studenti: [503],
} as const;

const IDENTITIES = [
  { cf: SPID_DEMO.parent, nome: 'Laura', cognome: 'Rossi', nota: 'utente genitore.demo', utenti: [1001] },
  { cf: SPID_DEMO.student, nome: 'Luca', cognome: 'Bianchi', nota: 'utente studente.demo', utenti: [1002] },
  { cf: SPID_DEMO.noUser, nome: 'Giuseppe', cognome: 'Verdi', nota: 'nessun utente della scuola', utenti: [] },
  {
    cf: SPID_DEMO.severalUsers,
    nome: 'Mario',
    cognome: 'Bianchi',
    nota: 'due utenti: genitore.bianchi e studente.demo',
    utenti: [SPID_EXTRA_USER.id_utente, 1002],
  },
  {
    cf: SPID_DEMO.firstCycle,
    nome: 'Giulia',
    cognome: 'Rossi',
    nota: 'utente studente.giulia (scuola secondaria di primo grado)',
    utenti: [1003],
  },
];

export async function seedAccount(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const u = SPID_EXTRA_USER;
  db.transaction(() => {
    db.prepare(
      'INSERT INTO utenti (id_utente, mastercom_id, username, password_hash, nome, cognome, tipo) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(u.id_utente, u.mastercom_id, u.username, hash, u.nome, u.cognome, u.tipo);
    const link = db.prepare('INSERT INTO utenti_studenti (id_utente, id_studente) VALUES (?, ?)');
    for (const id of u.studenti) link.run(u.id_utente, id);

    const identity = db.prepare(
      'INSERT INTO spid_identita (codice_fiscale, nome, cognome, nota, ordinamento) VALUES (?, ?, ?, ?, ?)',
    );
    const spidUser = db.prepare('INSERT INTO spid_utenti (codice_fiscale, id_utente) VALUES (?, ?)');
    IDENTITIES.forEach((row, index) => {
      identity.run(row.cf, row.nome, row.cognome, row.nota, index + 1);
      for (const id of row.utenti) spidUser.run(row.cf, id);
    });
  })();
}
