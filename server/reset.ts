import { resolve } from 'node:path';
import { openDatabase } from './bootstrap/database';
import { lockHolder } from './bootstrap/lock';
import { databasePath, deleteDatabase } from './db/database';
import { DEFAULT_DATA_DIR } from './paths';

// `npm run db:reset`: the one explicit way to start over. Deletes the database and builds it again,
// with the demo data unless PORTAL_DEMO=0 (the same switch as the server's). The JWT key stays.
const dataDir = resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR);
const now = process.env.PORTAL_NOW ? new Date(process.env.PORTAL_NOW) : new Date();
if (Number.isNaN(now.getTime())) throw new Error(`PORTAL_NOW must be an ISO date-time, got "${process.env.PORTAL_NOW}"`);

// Deleting the database under a running server would leave it writing to a file nobody can see.
const holder = lockHolder(dataDir);
if (holder !== null) {
  console.error(`A server (process ${holder}) is running on ${dataDir}: stop it before resetting the database.`);
  process.exit(1);
}
deleteDatabase(dataDir);
const demo = process.env.PORTAL_DEMO !== '0' && process.env.PORTAL_DEMO !== 'false';
const db = await openDatabase(dataDir, now, { demo });
const counts = db
  .prepare<[], { utenti: number; studenti: number; voti: number }>(
    `SELECT (SELECT COUNT(*) FROM utenti) AS utenti, (SELECT COUNT(*) FROM studenti) AS studenti,
            (SELECT COUNT(*) FROM voti) AS voti`,
  )
  .get();
db.close();
console.log(
  `Database ${demo ? 're-seeded' : 'emptied'} at ${databasePath(dataDir)}: ${counts?.utenti ?? 0} users, ${counts?.studenti ?? 0} students, ${counts?.voti ?? 0} grades`,
);
