import type { Db } from '../../db/database';
import { addDays, romeInstant, toRomeIso } from '../../shared/time';
import { seedEnrolments, type SeedEnrolment } from '../../shared/enrolments';
import { Random } from '../../shared/random';

/** Schools whose shop the school has switched off (demo: the middle school). */
export const SHOP_DISABLED_SCHOOLS = ['DEMO02'];

interface ItemSeed {
  tipo: 'pagamento' | 'movimento';
  titolo: string;
  sottotitolo: string;
  categoria: string;
  prezzo: number;
  satispay: boolean;
  cc: boolean;
  /** Days from the anchor at which it was paid (negative), or null when not paid. */
  pagatoGiorni: number | null;
  credito?: boolean;
  /** Days from the anchor of the due date, or null. */
  scadenzaGiorni: number | null;
  elenco: 'estratto_conto' | 'marketplace';
}

function itemsFor(e: SeedEnrolment, rng: Random): ItemSeed[] {
  const year = `${e.startYear}/${e.startYear + 1}`;
  const middle = e.id_scuola === 'DEMO02';
  const trip = middle
    ? { titolo: 'Uscita didattica al Museo della Scienza', sottotitolo: 'Milano, ingresso e laboratorio', prezzo: 18 }
    : { titolo: 'Uscita didattica a Ravenna', sottotitolo: 'Mosaici bizantini, pullman e guida', prezzo: 34.5 };
  const items: ItemSeed[] = [
    {
      tipo: 'pagamento', titolo: 'Assicurazione integrativa', sottotitolo: `Polizza infortuni e responsabilità civile ${year}`,
      categoria: 'Assicurazione', prezzo: 9.5, satispay: true, cc: true, pagatoGiorni: -rng.int(45, 55), scadenzaGiorni: -35,
      elenco: 'estratto_conto',
    },
    {
      tipo: 'pagamento', ...trip, categoria: 'Uscite didattiche', satispay: true, cc: true, pagatoGiorni: -rng.int(28, 34),
      scadenzaGiorni: -25, elenco: 'estratto_conto',
    },
    {
      tipo: 'movimento', titolo: `Bonifico ricevuto il ${addDays(e.anchor, -40).split('-').reverse().join('/')}`,
      sottotitolo: 'Versamento sul conto della scuola', categoria: 'Versamenti', prezzo: 50, satispay: false, cc: false,
      pagatoGiorni: -40, scadenzaGiorni: null, elenco: 'estratto_conto',
    },
    {
      tipo: 'movimento', titolo: 'Rimborso quota uscita annullata', sottotitolo: 'Accreditato sul credito famiglia',
      categoria: 'Rimborsi', prezzo: 20, satispay: false, cc: false, pagatoGiorni: -12, credito: true, scadenzaGiorni: null,
      elenco: 'estratto_conto',
    },
    {
      tipo: 'pagamento', titolo: 'Laboratorio teatrale - primo acconto', sottotitolo: 'Corso pomeridiano, 10 incontri',
      categoria: 'Corsi pomeridiani', prezzo: 35, satispay: false, cc: true, pagatoGiorni: null, scadenzaGiorni: -6,
      elenco: 'estratto_conto',
    },
    {
      tipo: 'pagamento', titolo: 'Fotocopie e materiale di laboratorio', sottotitolo: 'Da versare in segreteria (contanti o POS)',
      categoria: 'Contributi', prezzo: 15, satispay: false, cc: false, pagatoGiorni: null, scadenzaGiorni: 40,
      elenco: 'estratto_conto',
    },
  ];
  if (e.current) {
    items.push(
      {
        tipo: 'pagamento', titolo: 'Contributo scolastico volontario', sottotitolo: `Ampliamento dell'offerta formativa ${year}`,
        categoria: 'Contributi', prezzo: middle ? 60 : 120, satispay: true, cc: true, pagatoGiorni: null, scadenzaGiorni: 24,
        elenco: 'estratto_conto',
      },
      {
        tipo: 'pagamento', titolo: middle ? 'Corso di chitarra' : 'Corso di preparazione FCE',
        sottotitolo: middle ? '12 lezioni il mercoledì pomeriggio' : '20 ore pomeridiane, da gennaio',
        categoria: 'Corsi pomeridiani', prezzo: middle ? 90 : 180, satispay: true, cc: true, pagatoGiorni: null,
        scadenzaGiorni: 50, elenco: 'marketplace',
      },
      {
        tipo: 'pagamento', titolo: 'Abbonamento annuale trasporto studenti', sottotitolo: 'Tessera bus urbano, validità 12 mesi',
        categoria: 'Trasporti', prezzo: 40, satispay: true, cc: false, pagatoGiorni: null, scadenzaGiorni: 30,
        elenco: 'marketplace',
      },
    );
  } else {
    items.push({
      tipo: 'pagamento', titolo: 'Contributo scolastico volontario', sottotitolo: `Ampliamento dell'offerta formativa ${year}`,
      categoria: 'Contributi', prezzo: 100, satispay: true, cc: true, pagatoGiorni: -200, scadenzaGiorni: -190,
      elenco: 'estratto_conto',
    });
  }
  return items;
}

interface ProductSeed {
  nome: string;
  descrizione: string;
  categoria: string;
  prezzo: number;
  min: number;
  max: number;
  passo: number;
  sconto?: { percentuale: number; etichetta: string };
  opzioni?: { id: string; descrizione: string; valori: string[] }[];
  satispay: boolean;
}

const PRODUCTS: ProductSeed[] = [
  {
    nome: "Felpa dell'istituto", descrizione: 'Felpa con cappuccio, cotone garzato, logo ricamato sul petto', categoria: 'Abbigliamento',
    prezzo: 28, min: 1, max: 3, passo: 1, sconto: { percentuale: 10, etichetta: '-10% fino a Natale' },
    opzioni: [
      { id: 'taglia', descrizione: 'Taglia', valori: ['XS', 'S', 'M', 'L', 'XL'] },
      { id: 'colore', descrizione: 'Colore', valori: ['Blu notte', 'Grigio melange'] },
    ],
    satispay: true,
  },
  {
    nome: 'T-shirt per scienze motorie', descrizione: 'Maglietta tecnica traspirante con stemma della scuola', categoria: 'Abbigliamento',
    prezzo: 12, min: 1, max: 5, passo: 1, opzioni: [{ id: 'taglia', descrizione: 'Taglia', valori: ['XS', 'S', 'M', 'L', 'XL'] }],
    satispay: true,
  },
  {
    nome: 'Quaderni a quadretti 5 mm', descrizione: 'Formato A4, carta 80 g, copertina con logo; si vendono a gruppi di 5', categoria: 'Cancelleria',
    prezzo: 1.2, min: 5, max: 50, passo: 5, satispay: true,
  },
  {
    nome: 'Penne a sfera blu', descrizione: 'Confezione da 10 penne', categoria: 'Cancelleria', prezzo: 4, min: 1, max: 10, passo: 1,
    satispay: true,
  },
  {
    nome: "Diario scolastico d'istituto", descrizione: "Diario con calendario dell'anno, regolamento e orari di ricevimento",
    categoria: 'Cancelleria', prezzo: 8.5, min: 1, max: 2, passo: 1, satispay: true,
  },
  {
    nome: 'Calcolatrice scientifica', descrizione: 'Modello ammesso agli esami di Stato, 252 funzioni', categoria: 'Materiale didattico',
    prezzo: 22.9, min: 1, max: 1, passo: 1, sconto: { percentuale: 15, etichetta: 'Promo rientro a scuola' }, satispay: false,
  },
  {
    nome: 'Zaino con logo', descrizione: 'Zaino ergonomico 28 litri con tasca porta PC', categoria: 'Abbigliamento', prezzo: 39,
    min: 1, max: 2, passo: 1, opzioni: [{ id: 'colore', descrizione: 'Colore', valori: ['Blu', 'Nero', 'Bordeaux'] }], satispay: true,
  },
];

const cents = (euros: number): number => Math.round(euros * 100);

/**
 * The simulated providers' keys. The portal recognises them by these prefixes and loads the
 * stand-in card library and web button instead of the providers' scripts (docs/payments.md).
 */
export const SIMULATED_CARD_KEY_PREFIX = 'pk_test_simulatore_';
export const SIMULATED_SATISPAY_KEY_PREFIX = 'simulatore-';

interface Arrangement {
  sportello: { luogo: string; orari: string } | null;
  bonifico: { beneficiario: string; iban: string; banca: string } | null;
}
/** DEMO02 takes bank transfers only, so both shapes of the instructions show in the demo. */
const DEFAULT_ARRANGEMENT: Arrangement = {
  sportello: { luogo: 'Segreteria amministrativa, piano terra', orari: 'Lunedì–venerdì 8:00–10:00, giovedì anche 14:30–16:30' },
  bonifico: { beneficiario: 'Istituto Comprensivo Demo', iban: 'IT60X0542811101000000123456', banca: 'Banca Demo di Torino' },
};
const ARRANGEMENTS: Record<string, Arrangement> = {
  DEMO01: DEFAULT_ARRANGEMENT,
  DEMO02: {
    sportello: null,
    bonifico: { beneficiario: 'Scuola Secondaria di primo grado Demo', iban: 'IT02L1234512345123456789012', banca: 'Banca Demo di Milano' },
  },
};

export function seedPagamenti(db: Db, now: Date): void {
  const insert = {
    config: db.prepare(
      `INSERT INTO pagamenti_configurazione (id_scuola, negozio_attivo, chiave_pubblica, satispay_ambiente, satispay_key_id,
         sportello_luogo, sportello_orari, bonifico_beneficiario, bonifico_iban, bonifico_banca) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    item: db.prepare(
      `INSERT INTO pagamenti_voci (id_studente, anno, tipo, titolo, sottotitolo, categoria, prezzo_cent, pagamento_satispay,
         pagamento_cc, pagato, data_pagamento, credito, data_scadenza, elenco)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    credit: db.prepare(
      'INSERT INTO pagamenti_crediti (id_studente, anno, data, descrizione, importo_cent, tipo, segno) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    invoice: db.prepare(
      'INSERT INTO pagamenti_fatture (id_studente, anno, numero, data, tipo, descrizione, importo_cent) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    product: db.prepare(
      `INSERT INTO pagamenti_articoli (id_scuola, nome, descrizione, categoria, prezzo_cent, quantita_minima, quantita_massima, passo,
         sconto_percentuale, sconto_etichetta, opzioni, pagamento_satispay, pagamento_cc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    ),
  };
  const schools = db.prepare<[], { id: string }>('SELECT id FROM scuole ORDER BY id').all();
  const atNow = (instant: Date): Date => (instant.getTime() > now.getTime() ? now : instant);

  db.transaction(() => {
    for (const { id } of schools) {
      const arrangement = ARRANGEMENTS[id] ?? DEFAULT_ARRANGEMENT;
      insert.config.run(
        id, SHOP_DISABLED_SCHOOLS.includes(id) ? 0 : 1, `${SIMULATED_CARD_KEY_PREFIX}${id}`, 'STAGING', `${SIMULATED_SATISPAY_KEY_PREFIX}${id}`,
        arrangement.sportello?.luogo ?? null, arrangement.sportello?.orari ?? null, arrangement.bonifico?.beneficiario ?? null,
        arrangement.bonifico?.iban ?? null, arrangement.bonifico?.banca ?? null,
      );
      for (const p of PRODUCTS) {
        insert.product.run(
          id, p.nome, p.descrizione, p.categoria, cents(p.prezzo), p.min, p.max, p.passo, p.sconto?.percentuale ?? null,
          p.sconto?.etichetta ?? null, JSON.stringify(p.opzioni ?? []), Number(p.satispay),
        );
      }
    }

    let invoiceNumber = 140;
    let creditNoteNumber = 8;
    for (const e of seedEnrolments(db, now)) {
      const rng = new Random(`pagamenti:${e.anchor}:${e.id_studente}:${e.anno}`);
      const fiscalYear = e.anchor.slice(0, 4);
      for (const item of itemsFor(e, rng)) {
        const paidDay = item.pagatoGiorni === null ? null : addDays(e.anchor, item.pagatoGiorni);
        const paidAt = paidDay ? toRomeIso(atNow(romeInstant(paidDay, `${rng.int(8, 21)}:${String(rng.int(0, 59)).padStart(2, '0')}`))) : null;
        insert.item.run(
          e.id_studente, e.anno, item.tipo, item.titolo, item.sottotitolo, item.categoria, cents(item.prezzo), Number(item.satispay),
          Number(item.cc), Number(paidAt !== null), paidAt, Number(item.credito === true),
          item.scadenzaGiorni === null ? null : addDays(e.anchor, item.scadenzaGiorni), item.elenco,
        );
        if (paidDay && item.tipo === 'pagamento') {
          insert.invoice.run(e.id_studente, e.anno, `FT ${fiscalYear}/${String(invoiceNumber++).padStart(4, '0')}`, paidDay, 'fattura', item.titolo, cents(item.prezzo));
        }
        if (paidDay && item.credito) {
          insert.invoice.run(e.id_studente, e.anno, `NC ${fiscalYear}/${String(creditNoteNumber++).padStart(4, '0')}`, paidDay, 'nota di credito', item.titolo, cents(item.prezzo));
        }
      }
      const credits: [number, string, number, 'P' | 'S' | 'D' | 'I' | 'R', 'A' | 'D'][] = [
        [-50, 'Deposito tramite bonifico', 50, 'D', 'A'],
        [-31, 'Pagamento: quota uscita didattica', 15, 'P', 'D'],
        [-20, 'Integrazione contributo del Comune (diritto allo studio)', 10, 'I', 'A'],
        [-12, 'Rimborso quota uscita annullata', 20, 'S', 'A'],
        [-5, 'Restituzione credito su richiesta della famiglia', 5, 'R', 'D'],
      ];
      for (const [days, descrizione, importo, tipo, segno] of credits) {
        insert.credit.run(e.id_studente, e.anno, addDays(e.anchor, days), descrizione, cents(importo), tipo, segno);
      }
    }
  })();
}
