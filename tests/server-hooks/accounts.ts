import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/database';
import { hashPassword } from '../../server/security';
import { ApiError } from '../../server/shared/errors';

/**
 * Disposable copies of a demo account for the browser tests that end sessions. Signing out ends
 * every session of the user and a password change every other one, so a test doing either on a
 * shared demo account would sign out the tests running beside it. Browser tests' server only (./main.ts).
 *
 *   POST /__test__/utenti { modello } → { username, password, id_utente, mastercom_id }
 *
 * The copy has the model's name and the same students (so the same data), with a fresh user code,
 * a fresh random password and fresh ids; it signs in only with those, and nobody else uses it.
 */
const PATH = '/__test__/utenti';

const schema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['modello'],
    properties: { modello: { type: 'string', minLength: 1, maxLength: 100 } },
  },
};

interface Model {
  id_utente: number;
  nome: string;
  cognome: string;
  tipo: string;
}

export function registerAccountHooks(app: FastifyInstance, db: Db): void {
  const model = db.prepare<[string], Model>('SELECT id_utente, nome, cognome, tipo FROM utenti WHERE username = ?');
  const nextIds = db.prepare<[], { id_utente: number; mastercom_id: number }>(
    'SELECT MAX(id_utente) + 1 AS id_utente, MAX(mastercom_id) + 1 AS mastercom_id FROM utenti',
  );
  const insertUser = db.prepare<[number, number, string, string, string, string, string]>(
    'INSERT INTO utenti (id_utente, mastercom_id, username, password_hash, nome, cognome, tipo) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const copyStudents = db.prepare<[number, number]>(
    'INSERT INTO utenti_studenti (id_utente, id_studente) SELECT ?, id_studente FROM utenti_studenti WHERE id_utente = ?',
  );
  const copy = db.transaction((from: Model, username: string, hash: string) => {
    const ids = nextIds.get();
    if (!ids) throw new Error('no users to number the copy after');
    insertUser.run(ids.id_utente, ids.mastercom_id, username, hash, from.nome, from.cognome, from.tipo);
    copyStudents.run(ids.id_utente, from.id_utente);
    return ids;
  });

  app.post(PATH, { schema }, async (request, reply) => {
    const { modello } = request.body as { modello: string };
    const from = model.get(modello);
    if (!from) throw new ApiError(404, `Nessun utente ${modello}`, 'not_found');
    const username = `prova.${randomBytes(6).toString('hex')}`;
    // Letters, digits and signs, like the password rules of a real school would ask.
    const password = `Prova.${randomBytes(9).toString('base64url')}7!`;
    const ids = copy(from, username, await hashPassword(password));
    return reply.code(201).send({ username, password, ...ids });
  });
}
