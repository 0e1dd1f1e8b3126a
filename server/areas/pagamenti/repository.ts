import type { Db } from '../../db/database';

export interface ItemRow {
  id: number;
  id_studente: number;
  anno: string;
  tipo: 'pagamento' | 'movimento';
  titolo: string;
  sottotitolo: string;
  categoria: string;
  prezzo_cent: number;
  pagamento_satispay: number;
  pagamento_cc: number;
  pagato: number;
  data_pagamento: string | null;
  credito: number;
  data_scadenza: string | null;
  elenco: 'estratto_conto' | 'marketplace';
}

export interface ProductRow {
  id: number;
  id_scuola: string;
  nome: string;
  descrizione: string;
  categoria: string;
  prezzo_cent: number;
  quantita_minima: number;
  quantita_massima: number;
  passo: number;
  sconto_percentuale: number | null;
  sconto_etichetta: string | null;
  opzioni: string;
  pagamento_satispay: number;
  pagamento_cc: number;
}

export interface CreditRowDb {
  id: number;
  data: string;
  descrizione: string;
  importo_cent: number;
  tipo: 'P' | 'S' | 'D' | 'I' | 'R';
  segno: 'A' | 'D';
}

export interface InvoiceRow {
  id: number;
  numero: string;
  data: string;
  tipo: 'fattura' | 'nota di credito';
  descrizione: string;
  importo_cent: number;
}

export interface ConfigRow {
  id_scuola: string;
  negozio_attivo: number;
  chiave_pubblica: string;
  satispay_ambiente: 'STAGING' | 'PRODUCTION';
  satispay_key_id: string;
  sportello_luogo: string | null;
  sportello_orari: string | null;
  bonifico_beneficiario: string | null;
  bonifico_iban: string | null;
  bonifico_banca: string | null;
}

export interface TransactionRow {
  id: string;
  metodo: 'carta' | 'satispay';
  id_utente: number;
  id_studente: number;
  anno: string;
  chiave_idempotenza: string;
  richiesta: string;
  client_secret: string | null;
  stato_fornitore: string;
  importo_cent: number;
  righe: string;
  errore_codice: string | null;
  errore: string | null;
  data_creazione: string;
  data_esito: string | null;
}

export function pagamentiRepository(db: Db) {
  const s = {
    items: db.prepare<[number, string], ItemRow>(
      `SELECT * FROM pagamenti_voci WHERE id_studente = ? AND anno = ?
        ORDER BY COALESCE(data_scadenza, substr(data_pagamento, 1, 10)), id`,
    ),
    item: db.prepare<[number, number, string], ItemRow>('SELECT * FROM pagamenti_voci WHERE id = ? AND id_studente = ? AND anno = ?'),
    markPaid: db.prepare<[string, number]>('UPDATE pagamenti_voci SET pagato = 1, data_pagamento = ? WHERE id = ? AND pagato = 0'),
    insertItem: db.prepare(
      `INSERT INTO pagamenti_voci (id_studente, anno, tipo, titolo, sottotitolo, categoria, prezzo_cent, pagamento_satispay,
         pagamento_cc, pagato, data_pagamento, credito, data_scadenza, elenco)
       VALUES (@id_studente, @anno, 'pagamento', @titolo, @sottotitolo, 'Negozio', @prezzo_cent, @pagamento_satispay,
         @pagamento_cc, 1, @data_pagamento, 0, NULL, 'estratto_conto')`,
    ),
    products: db.prepare<[string], ProductRow>('SELECT * FROM pagamenti_articoli WHERE id_scuola = ? ORDER BY categoria, nome'),
    product: db.prepare<[number, string], ProductRow>('SELECT * FROM pagamenti_articoli WHERE id = ? AND id_scuola = ?'),
    credits: db.prepare<[number, string], CreditRowDb>(
      'SELECT id, data, descrizione, importo_cent, tipo, segno FROM pagamenti_crediti WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC',
    ),
    invoices: db.prepare<[number, string], InvoiceRow>(
      'SELECT id, numero, data, tipo, descrizione, importo_cent FROM pagamenti_fatture WHERE id_studente = ? AND anno = ? ORDER BY data DESC, id DESC',
    ),
    invoice: db.prepare<[number, number, string], InvoiceRow>(
      'SELECT id, numero, data, tipo, descrizione, importo_cent FROM pagamenti_fatture WHERE id = ? AND id_studente = ? AND anno = ?',
    ),
    nextInvoiceNumber: db.prepare<[string], { n: number }>(
      "SELECT COUNT(*) + 141 AS n FROM pagamenti_fatture WHERE tipo = 'fattura' AND substr(data, 1, 4) = ?",
    ),
    insertInvoice: db.prepare(
      "INSERT INTO pagamenti_fatture (id_studente, anno, numero, data, tipo, descrizione, importo_cent) VALUES (?, ?, ?, ?, 'fattura', ?, ?)",
    ),
    config: db.prepare<[string], ConfigRow>('SELECT * FROM pagamenti_configurazione WHERE id_scuola = ?'),
    transactionByKey: db.prepare<[number, string, string], TransactionRow>(
      'SELECT * FROM pagamenti_transazioni WHERE id_utente = ? AND metodo = ? AND chiave_idempotenza = ?',
    ),
    transaction: db.prepare<[string], TransactionRow>('SELECT * FROM pagamenti_transazioni WHERE id = ?'),
    insertTransaction: db.prepare(
      `INSERT INTO pagamenti_transazioni (id, metodo, id_utente, id_studente, anno, chiave_idempotenza, richiesta, client_secret,
         stato_fornitore, importo_cent, righe, data_creazione)
       VALUES (@id, @metodo, @id_utente, @id_studente, @anno, @chiave_idempotenza, @richiesta, @client_secret,
         @stato_fornitore, @importo_cent, @righe, @data_creazione)`,
    ),
    updateTransaction: db.prepare(
      `UPDATE pagamenti_transazioni SET stato_fornitore = @stato_fornitore, errore_codice = @errore_codice, errore = @errore,
         data_esito = @data_esito WHERE id = @id`,
    ),
  };

  return {
    items: (studentId: number, anno: string) => s.items.all(studentId, anno),
    item: (id: number, studentId: number, anno: string) => s.item.get(id, studentId, anno),
    markPaid: (id: number, at: string) => s.markPaid.run(at, id).changes === 1,
    insertPurchase: (row: {
      id_studente: number;
      anno: string;
      titolo: string;
      sottotitolo: string;
      prezzo_cent: number;
      pagamento_satispay: number;
      pagamento_cc: number;
      data_pagamento: string;
    }) => s.insertItem.run(row),
    products: (schoolId: string) => s.products.all(schoolId),
    product: (id: number, schoolId: string) => s.product.get(id, schoolId),
    credits: (studentId: number, anno: string) => s.credits.all(studentId, anno),
    invoices: (studentId: number, anno: string) => s.invoices.all(studentId, anno),
    invoice: (id: number, studentId: number, anno: string) => s.invoice.get(id, studentId, anno),
    insertInvoice(studentId: number, anno: string, date: string, descrizione: string, cents: number): void {
      const year = date.slice(0, 4);
      const n = s.nextInvoiceNumber.get(year)?.n ?? 1;
      s.insertInvoice.run(studentId, anno, `FT ${year}/${String(n).padStart(4, '0')}`, date, descrizione, cents);
    },
    config: (schoolId: string) => s.config.get(schoolId),
    transactionByKey: (userId: number, metodo: string, key: string) => s.transactionByKey.get(userId, metodo, key),
    transaction: (id: string) => s.transaction.get(id),
    insertTransaction: (row: Omit<TransactionRow, 'errore_codice' | 'errore' | 'data_esito'>) => s.insertTransaction.run(row),
    updateTransaction: (row: Pick<TransactionRow, 'id' | 'stato_fornitore' | 'errore_codice' | 'errore' | 'data_esito'>) =>
      s.updateTransaction.run(row),
    transactionScope: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}

export type PagamentiRepository = ReturnType<typeof pagamentiRepository>;
