import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Area } from '../area';
import type { Db } from '../../db/database';
import { addDays, romeDate, romeInstant, toRomeIso, weekday } from '../../shared/time';
import { studentAccess } from '../../shared/access';
import { seedEnrolments } from '../../shared/enrolments';

interface ElectionRow {
  id: number;
  titolo: string;
  organo: string;
  descrizione: string;
  elettorato: string;
  luogo: string;
  data_inizio: string;
  data_fine: string;
  preferenze_max: number;
  liste: string;
}

interface ElectionListDef {
  numero: number;
  nome: string;
  motto: string;
  candidati: { nome: string; cognome: string }[];
}

function electionsRepository(db: Db) {
  const list = db.prepare<[string, string], ElectionRow>(
    `SELECT id, titolo, organo, descrizione, elettorato, luogo, data_inizio, data_fine, preferenze_max, liste
       FROM elezioni WHERE id_scuola = ? AND anno = ? ORDER BY data_inizio DESC, id`,
  );
  return {
    list(schoolId: string, anno: string, now: Date) {
      return list.all(schoolId, anno).map((r) => ({
        ...r,
        stato: now.getTime() < Date.parse(r.data_inizio) ? 'PROGRAMMATA' : now.getTime() <= Date.parse(r.data_fine) ? 'APERTA' : 'CHIUSA',
        liste: JSON.parse(r.liste) as ElectionListDef[],
      }));
    },
  };
}

const c = (nome: string, cognome: string) => ({ nome, cognome });

/** Elections of each seeded school year: class councils (past), school council and student bodies. */
export function seedElections(db: Db, now: Date): void {
  const today = romeDate(now);
  const insert = db.prepare(
    `INSERT INTO elezioni (id, id_scuola, anno, titolo, organo, descrizione, elettorato, luogo, data_inizio, data_fine, preferenze_max, liste)
     VALUES (@id, @id_scuola, @anno, @titolo, @organo, @descrizione, @elettorato, @luogo, @data_inizio, @data_fine, @preferenze_max, @liste)`,
  );
  const sunday = (from: string) => {
    let d = from;
    while (weekday(d) !== 0) d = addDays(d, 1);
    return d;
  };
  let id = 9201;
  db.transaction(() => {
    const years = [...new Map(seedEnrolments(db, now).map((e) => [`${e.id_scuola}:${e.anno}`, e])).values()];
    for (const y of years) {
      const start = Number(y.anno.slice(0, 4));
      const october = `${start}-10-2${y.id_scuola === 'DEMO01' ? 2 : 3}`;
      const council = y.current ? sunday(addDays(today, 8)) : sunday(`${start}-11-20`);
      const rows = [
        {
          titolo: 'Elezione dei rappresentanti dei genitori nei consigli di classe',
          organo: 'Consiglio di classe',
          descrizione: 'Assemblea di classe alle 17:00, poi apertura del seggio. Si eleggono due rappresentanti per classe.',
          elettorato: 'genitori',
          luogo: 'Aule delle rispettive classi',
          data_inizio: toRomeIso(romeInstant(october, '17:00')),
          data_fine: toRomeIso(romeInstant(october, '19:00')),
          preferenze_max: 1,
          liste: [{ numero: 1, nome: 'Lista unica dei genitori', motto: 'Candidature raccolte in assemblea', candidati: [c('Paola', 'Verdi'), c('Marco', 'Galli'), c('Simona', 'Ferraro')] }],
        },
        {
          titolo: "Elezione del Consiglio d'Istituto",
          organo: "Consiglio d'Istituto",
          descrizione: 'Rinnovo triennale delle componenti genitori e studenti. Si vota domenica dalle 8:00 alle 12:00 e lunedì dalle 8:00 alle 13:30.',
          elettorato: 'tutti',
          luogo: 'Atrio della sede centrale',
          data_inizio: toRomeIso(romeInstant(council, '08:00')),
          data_fine: toRomeIso(romeInstant(addDays(council, 1), '13:30')),
          preferenze_max: 2,
          liste: [
            { numero: 1, nome: 'Genitori per la scuola', motto: 'Insieme per crescere', candidati: [c('Paola', 'Verdi'), c('Antonio', 'Greco'), c('Elisa', 'Moretti'), c('Giorgio', 'Sala')] },
            { numero: 2, nome: 'Scuola aperta', motto: 'Una scuola che ascolta', candidati: [c('Federica', 'Longo'), c('Roberto', 'Pellegrini'), c('Ilaria', 'Riva')] },
          ],
        },
      ];
      if (y.id_scuola === 'DEMO01') {
        const consulta = `${start}-10-29`;
        rows.push({
          titolo: 'Elezione dei rappresentanti degli studenti nella Consulta provinciale',
          organo: 'Consulta provinciale degli studenti',
          descrizione: 'Votano gli studenti durante la seconda ora, in ogni classe.',
          elettorato: 'studenti',
          luogo: 'Aule delle rispettive classi',
          data_inizio: toRomeIso(romeInstant(consulta, '09:00')),
          data_fine: toRomeIso(romeInstant(consulta, '10:00')),
          preferenze_max: 1,
          liste: [
            { numero: 1, nome: 'Studenti in movimento', motto: 'La scuola siamo noi', candidati: [c('Giulio', 'Fabbri'), c('Sara', 'Neri')] },
            { numero: 2, nome: 'Voce agli studenti', motto: 'Partecipare per cambiare', candidati: [c('Tommaso', 'Ruggiero'), c('Alice', 'Marchi')] },
          ],
        });
      }
      for (const r of rows) insert.run({ id: id++, id_scuola: y.id_scuola, anno: y.anno, ...r, liste: JSON.stringify(r.liste) });
    }
  })();
}

export const elezioniArea: Area = {
  name: 'elezioni',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedElections,

  handlers(ctx, db) {
    const repo = electionsRepository(db);
    const access = studentAccess(ctx);
    return {
      async listElections(request: FastifyRequest) {
        const e = access(request, 'elezioni').enrolment;
        return repo.list(e.id_scuola, e.anno, ctx.now());
      },
    };
  },
};
