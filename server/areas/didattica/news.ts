import type { Db } from '../../db/database';
import type { NewsReader, SectionNews } from '../area';

/** New agenda items, annotations, disciplinary notes and homework of a student's year (`novita`), in one query. */
export function didatticaNews(db: Db): NewsReader {
  const count = (sezione: string, table: string) =>
    `SELECT '${sezione}' AS sezione, COUNT(*) AS conteggio, MAX(data) AS data FROM ${table} WHERE id_studente = @id AND anno = @anno AND novita = 1`;
  const news = db.prepare<{ id: number; anno: string }, SectionNews | { conteggio: 0; data: null }>(
    [
      count('agenda', 'didattica_agenda'),
      count('annotazioni', 'didattica_annotazioni'),
      count('note', 'didattica_note'),
      count('compiti', 'didattica_compiti'),
    ].join('\nUNION ALL\n'),
  );
  return (e) => news.all({ id: e.id, anno: e.anno }).filter((row): row is SectionNews => row.conteggio > 0);
}
