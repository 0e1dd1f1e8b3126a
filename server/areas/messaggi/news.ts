import type { Db } from '../../db/database';
import type { NewsReader, SectionNews } from '../area';

/**
 * New communications (messenger VERSIONE_1) or threads (VERSIONE_2, dated by their latest message)
 * under `comunicazioni`, and new news and notice-board items under `notizie`, in one query.
 */
export function messaggiNews(db: Db): NewsReader {
  const news = db.prepare<{ id: number; anno: string }, SectionNews | { conteggio: 0; data: null }>(
    `SELECT 'comunicazioni' AS sezione, COUNT(*) AS conteggio, MAX(data) AS data FROM (
       SELECT c.data FROM messaggi_comunicazioni c JOIN studenti s ON s.id = c.id_studente
        WHERE c.id_studente = @id AND c.anno = @anno AND c.novita = 1 AND s.versione_messenger = 'VERSIONE_1'
       UNION ALL
       SELECT (SELECT MAX(m.data) FROM messaggi_thread_messaggi m WHERE m.id_thread = t.id) FROM messaggi_thread t
         JOIN studenti s ON s.id = t.id_studente
        WHERE t.id_studente = @id AND t.anno = @anno AND t.novita = 1 AND s.versione_messenger = 'VERSIONE_2')
     UNION ALL
     SELECT 'notizie', COUNT(*), MAX(data) FROM messaggi_bacheca WHERE id_studente = @id AND anno = @anno AND novita = 1`,
  );
  return (e) => news.all({ id: e.id, anno: e.anno }).filter((row): row is SectionNews => row.conteggio > 0 && row.data !== null);
}
