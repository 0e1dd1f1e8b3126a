/**
 * Prints a mobile-page address with a fresh single-use code, as the mobile app would get it, and
 * how to hand the page the app's verifier by hand (docs/mobile.md: `window.PortaleFamiglieApp`):
 *
 *   npx tsx server/areas/mobile/issue-code.ts genitore.demo estratto-conto [id_studente]
 *
 * Pages: estratto-conto, negozio, carrello. The student defaults to the user's first one. Uses the
 * same DATA_DIR and PORTAL_NOW as the server (a pinned server clock needs the same PORTAL_NOW, or
 * the code may already look expired); PORT / HOST / PORTAL_URL choose the printed origin.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { openDatabase } from '../../bootstrap/database';
import { DEFAULT_DATA_DIR } from '../../paths';
import { usersRepository } from '../../repositories/users';
import { challengeOf, MOBILE_CODE_TTL_SECONDS, MOBILE_PAGES, mobileCodes, type MobilePage } from './codes';

const [username, page = 'estratto-conto', studentArg] = process.argv.slice(2);
if (!username || !(MOBILE_PAGES as readonly string[]).includes(page)) {
  console.error(`usage: npx tsx server/areas/mobile/issue-code.ts <user code> [${MOBILE_PAGES.join('|')}] [id_studente]`);
  process.exit(2);
}
const now = process.env.PORTAL_NOW ? new Date(process.env.PORTAL_NOW) : new Date();
if (Number.isNaN(now.getTime())) throw new Error(`PORTAL_NOW must be an ISO date-time, got "${process.env.PORTAL_NOW}"`);

// The server's database as it is (a missing one is made with the demo accounts, as `npm start` would).
const db = await openDatabase(resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR), now, { demo: true });
try {
  const users = usersRepository(db);
  const user = users.findByUsername(username);
  if (!user) throw new Error(`no user "${username}"`);
  const students = users.studentsOf(user.id_utente);
  const student = studentArg ? students.find((s) => s.id === Number(studentArg)) : students[0];
  if (!student) throw new Error(`${username} has no student ${studentArg ?? ''}`.trim());
  const verifier = randomBytes(32).toString('base64url');
  const issued = mobileCodes(db).issue(user.id_utente, student.id, page as MobilePage, challengeOf(verifier), now);
  const origin = process.env.PORTAL_URL ?? `http://${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '8080'}`;
  console.log(`${origin}${issued.url}`);
  console.error(`${student.nome} ${student.cognome} (${student.id}); single use, valid ${MOBILE_CODE_TTL_SECONDS} s, until ${issued.scadenza.toISOString()}`);
  // A browser plays the app's web view: the verifier set first, then the page opened within the app.
  console.error(`The app hands the page its verifier (docs/mobile.md). By hand: open ${origin}/login, then in the browser console:`);
  console.error(
    `  window.PortaleFamiglieApp = { verificatore: '${verifier}' }; history.pushState(null, '', '${issued.url}'); dispatchEvent(new PopStateEvent('popstate'));`,
  );
} finally {
  db.close();
}
