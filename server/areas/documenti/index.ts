import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Area } from '../area';
import type { Db } from '../../db/database';
import { notFound } from '../../shared/errors';
import { addDays, romeDate } from '../../shared/time';
import { studentAccess } from '../../shared/access';
import { seedEnrolments } from '../../shared/enrolments';
import { sendFile } from '../../shared/files';
import { textPdf } from '../../shared/pdf';

interface DocumentRow {
  id: number;
  titolo: string;
  categoria: string;
  descrizione: string;
  data: string;
  nome_file: string;
  tipo: string;
  contenuto: string;
  dimensione: number;
}

function fileOf(row: Pick<DocumentRow, 'titolo' | 'tipo' | 'contenuto'>): Buffer {
  return row.tipo === 'application/pdf' ? textPdf(row.titolo, row.contenuto.split('\n')) : Buffer.from(row.contenuto, 'utf8');
}

function documentsRepository(db: Db) {
  const list = db.prepare<[number, string], DocumentRow>('SELECT * FROM documenti WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC');
  const one = db.prepare<[number, number, string], DocumentRow>('SELECT * FROM documenti WHERE id = ? AND id_studente = ? AND anno = ?');
  return {
    list: (studentId: number, anno: string) => list.all(studentId, anno),
    find: (id: number, studentId: number, anno: string) => one.get(id, studentId, anno),
  };
}

export function seedDocuments(db: Db, now: Date): void {
  const today = romeDate(now);
  const person = db.prepare<[number], { nome: string; cognome: string; nome_scuola: string }>(
    'SELECT s.nome, s.cognome, sc.nome AS nome_scuola FROM studenti s JOIN scuole sc ON sc.id = s.id_scuola WHERE s.id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO documenti (id, id_studente, anno, titolo, categoria, descrizione, data, nome_file, tipo, contenuto, dimensione)
     VALUES (@id, @id_studente, @anno, @titolo, @categoria, @descrizione, @data, @nome_file, @tipo, @contenuto, @dimensione)`,
  );
  let id = 9501;
  db.transaction(() => {
    for (const e of seedEnrolments(db, now)) {
      const p = person.get(e.id_studente);
      if (!p) continue;
      const who = `${p.nome} ${p.cognome}`;
      const year = e.anno.replace('_', '/');
      const start = `${e.anno.slice(0, 4)}-09-15`;
      const last = e.current ? today : `${e.anno.slice(5, 9)}-06-30`;
      const at = (offset: number) => {
        const d = addDays(start, offset);
        return d > last ? last : d;
      };
      const docs = [
        {
          titolo: `Certificato di iscrizione a.s. ${year}`,
          categoria: 'Certificati',
          descrizione: `Certificato di iscrizione e frequenza alla classe ${e.classe}.`,
          data: at(0),
          nome_file: 'certificato-iscrizione.pdf',
          tipo: 'application/pdf',
          righe: [`Si certifica che ${who} è iscritto/a per l'a.s. ${year}`, `alla classe ${e.classe} di ${p.nome_scuola}.`, 'Il Dirigente scolastico'],
        },
        {
          titolo: 'Patto educativo di corresponsabilità',
          categoria: 'Regolamenti',
          descrizione: 'Impegni reciproci di scuola, studenti e famiglie.',
          data: at(1),
          nome_file: 'patto-corresponsabilita.pdf',
          tipo: 'application/pdf',
          righe: ['La scuola si impegna a offrire un ambiente favorevole alla crescita.', 'La famiglia si impegna a collaborare con i docenti.', 'Lo studente si impegna a rispettare il regolamento.'],
        },
        {
          titolo: 'Ricevuta del contributo volontario',
          categoria: 'Ricevute',
          descrizione: 'Ricevuta di versamento valida ai fini della detrazione fiscale.',
          data: at(20),
          nome_file: 'ricevuta-contributo.pdf',
          tipo: 'application/pdf',
          righe: [`Ricevuto da: famiglia di ${who}`, 'Causale: contributo volontario ampliamento offerta formativa', 'Importo: 80,00 EUR'],
        },
        {
          titolo: 'Modulo di autorizzazione alle uscite didattiche',
          categoria: 'Moduli',
          descrizione: 'Da firmare e restituire al coordinatore di classe.',
          data: at(25),
          nome_file: 'autorizzazione-uscite.pdf',
          tipo: 'application/pdf',
          righe: [`Il/La sottoscritto/a, genitore di ${who},`, 'autorizza il/la proprio/a figlio/a a partecipare alle uscite didattiche', "previste dal consiglio di classe per l'anno in corso.", 'Firma ______________________'],
        },
        {
          titolo: 'Calendario scolastico regionale',
          categoria: 'Comunicazioni',
          descrizione: 'Giorni di sospensione delle lezioni e festività.',
          data: at(3),
          nome_file: 'calendario-scolastico.txt',
          tipo: 'text/plain',
          righe: [`Calendario scolastico ${year}`, 'Inizio lezioni: 14 settembre', 'Vacanze di Natale: dal 23 dicembre al 6 gennaio', 'Termine lezioni: 8 giugno'],
        },
      ];
      for (const d of docs) {
        const { righe, ...rest } = d;
        const contenuto = righe.join('\n');
        insert.run({ id: id++, id_studente: e.id_studente, anno: e.anno, ...rest, contenuto, dimensione: fileOf({ titolo: d.titolo, tipo: d.tipo, contenuto }).length });
      }
    }
  })();
}

export const documentiArea: Area = {
  name: 'documenti',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedDocuments,

  handlers(ctx, db) {
    const repo = documentsRepository(db);
    const access = studentAccess(ctx);
    return {
      async listDocuments(request: FastifyRequest) {
        const e = access(request, 'documenti').enrolment;
        return repo.list(e.id, e.anno).map((d) => ({
          id: d.id,
          titolo: d.titolo,
          categoria: d.categoria,
          descrizione: d.descrizione,
          data: d.data,
          allegato: {
            nome: d.nome_file,
            tipo: d.tipo,
            dimensione: d.dimensione,
            url: `/api/v3/scuole/${e.id_scuola}/studenti/${e.id}/${e.anno}/documenti/${d.id}`,
          },
        }));
      },

      async downloadDocument(request: FastifyRequest, reply: FastifyReply) {
        const e = access(request, 'documenti').enrolment;
        const { id } = request.params as { id: number };
        const doc = repo.find(id, e.id, e.anno);
        if (!doc) throw notFound();
        return sendFile(reply, { nome: doc.nome_file, tipo: doc.tipo, data: fileOf(doc) });
      },
    };
  },
};
