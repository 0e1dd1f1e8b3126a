import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { contractChecker } from '../../contractTesting';
import { databasePath } from '../../db/database';
import { auth, CURRENT_YEAR, expectValidPdf, MARCO, PREVIOUS_YEAR, studentPath, useTestServer } from '../../testing';

const { expectConforms, uncovered } = contractChecker();

interface Item {
  id: number;
  tipo: string;
  cart_id: string;
  titolo: string;
  sottotitolo: string;
  prezzo: number;
  pagato: boolean;
  acquistabile: boolean;
  scaduto: boolean;
  credito: boolean;
  stile: string | null;
  elenco: string;
  movimento: boolean;
  pagamento_cc: boolean;
  pagamento_satispay: boolean;
}
interface Product {
  id: number;
  nome: string;
  prezzo_unitario: number;
  prezzo_scontato: number;
  passo: number;
  quantita_minima: number;
  quantita_massima: number;
  sconto: unknown;
  opzioni: { id: string; valori: string[] }[];
}
interface Intent {
  id: string;
  client_secret: string;
  status: string;
  amount: number;
}

const CARD_OK = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, number: '4000 0000 0000 0002' };
const CARD_3DS = { ...CARD_OK, number: '4000 0027 6000 3184' };

describe('pagamenti', () => {
  const t = useTestServer();
  let keyCounter = 0;
  const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

  const url = (rest: string, s = MARCO) => studentPath(s.school, s.id, s.year, rest);
  const get = (path: string, token = t.parent) => t.server.app.inject({ url: path, headers: auth(token) });
  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, token: string | null = t.parent) =>
    t.server.app.inject({ method: 'POST', url: path, payload: payload as object, headers: { ...(token ? auth(token) : {}), ...headers } });
  const items = async (s = MARCO): Promise<Item[]> => (await get(url('pagamenti', s))).json();
  const byTitle = async (title: string, s = MARCO): Promise<Item> => {
    const found = (await items(s)).find((i) => i.titolo.startsWith(title));
    if (!found) throw new Error(`no item ${title}`);
    return found;
  };
  const products = async (): Promise<Product[]> => (await get(url('articoli'))).json();
  const product = async (name: string): Promise<Product> => {
    const found = (await products()).find((p) => p.nome.startsWith(name));
    if (!found) throw new Error(`no product ${name}`);
    return found;
  };
  const checkout = (articoli: unknown, key: string, s = MARCO, token = t.parent) =>
    post(url('transaction', s), { articoli }, { 'idempotency-key': key }, token);
  const confirm = (intent: Intent, card = CARD_OK, cardholder_name = 'Laura Rossi') =>
    post(`/api/v3/pagamenti-simulati/payment_intents/${intent.id}/confirm`, { client_secret: intent.client_secret, card, cardholder_name }, {}, null);

  it('answers every read for every demo student and year', async () => {
    const cases = [
      { token: t.parent, school: 'DEMO01', id: 501, years: [CURRENT_YEAR, PREVIOUS_YEAR] },
      { token: t.parent, school: 'DEMO02', id: 502, years: [CURRENT_YEAR] },
      { token: t.student, school: 'DEMO01', id: 503, years: [CURRENT_YEAR] },
    ];
    for (const { token, school, id, years } of cases) {
      for (const year of years) {
        const s = { school, id, year };
        const all = await get(url('pagamenti', s), token);
        expectConforms('getPayments', all);
        const styles = new Set((all.json() as Item[]).map((i) => i.stile));
        expect([...styles].sort()).toEqual(expect.arrayContaining(['credito', 'pagato', 'scaduto']));
        expectConforms('getAccountStatement', await get(url('estratto-conto', s), token));
        expectConforms('getCredits', await get(url('crediti', s), token));
        expectConforms('getPaymentReport', await get(url('report', s), token));
        expectConforms('getPaymentKey', await get(url('chiavepagamenti', s), token));
        expectConforms('getSatispayConfiguration', await get(url('satispay/configurazione', s), token));
        expectConforms('getPaymentArrangement', await get(url('istruzioni_pagamento', s), token));
        const invoices = await get(url('fatture_ricevute', s), token);
        expectConforms('getInvoices', invoices);
        const [first] = invoices.json() as { url: string }[];
        if (!first) throw new Error('no invoices');
        const pdf = await get(first.url, token);
        expectConforms('getInvoiceFile', pdf, 200, 'application/pdf');
        expectValidPdf(pdf.rawPayload, 'Importo: ', 'esente IVA');
        const shop = school === 'DEMO02' ? 403 : 200;
        expectConforms('getProducts', await get(url('articoli', s), token), shop);
        expectConforms('getMarketplace', await get(url('marketplace', s), token), shop);
      }
    }
  });

  it('derives the item flags: acquistabile, scaduto, stile, cart_id', async () => {
    const list = await items();
    for (const i of list) {
      expect(i.cart_id).toBe(`${i.tipo}_${i.id}`);
      expect(i.acquistabile).toBe(i.tipo === 'pagamento' && !i.credito && !i.pagato && (i.pagamento_cc || i.pagamento_satispay));
    }
    expect((await byTitle('Laboratorio teatrale')).stile).toBe('scaduto');
    expect((await byTitle('Fotocopie')).acquistabile).toBe(false);
    expect((await byTitle('Contributo scolastico')).acquistabile).toBe(true);
    const statement = (await get(url('estratto-conto'))).json() as { pagamenti: Item[]; totale_scaduto: number };
    expect(statement.pagamenti.every((i) => i.elenco === 'estratto_conto')).toBe(true);
    expect(statement.totale_scaduto).toBe(35);
    const market = (await get(url('marketplace'))).json() as { pagamenti: Item[]; articoli: Product[] };
    expect(market.pagamenti.every((i) => i.elenco === 'marketplace')).toBe(true);
    expect(market.articoli.some((p) => p.sconto !== null && p.opzioni.length > 0)).toBe(true);
    expect(market.articoli.some((p) => p.passo > 1 && p.quantita_minima > 1)).toBe(true);
    const credits = (await get(url('crediti'))).json() as { saldo: number; movimenti: { tipo: string; segno: string }[] };
    expect(new Set(credits.movimenti.map((m) => m.tipo))).toEqual(new Set(['P', 'S', 'D', 'I', 'R']));
    expect(credits.saldo).toBe(60);
  });

  it('refuses other families, unknown ids, anonymous calls, a disabled shop and a service that is off', async () => {
    const luca = { school: 'DEMO01', id: 503, year: CURRENT_YEAR };
    expectConforms('getPayments', await get(url('pagamenti', luca)), 403);
    expectConforms('getPayments', await t.server.app.inject({ url: url('pagamenti') }), 401);
    expectConforms('getInvoiceFile', await get(url('fatture_ricevute/999999/pdf')), 404);
    const giulia = { school: 'DEMO02', id: 502, year: CURRENT_YEAR };
    const disabled = await get(url('articoli', giulia));
    expect(disabled.json()).toEqual({ detail: 'Il negozio è temporaneamente disabilitato', error: 'negozio_disabilitato' });

    const db = new Database(databasePath(t.server.dataDir));
    const setService = db.prepare("UPDATE servizi_iscrizione SET attivo = ? WHERE id_studente = 501 AND anno = ? AND servizio = 'pagamenti'");
    try {
      setService.run(0, PREVIOUS_YEAR);
      const off = await get(url('estratto-conto', { ...MARCO, year: PREVIOUS_YEAR }));
      expectConforms('getAccountStatement', off, 403);
      expect(off.json()).toEqual({ detail: 'Servizio non attivo per lo studente', error: 'servizio_non_attivo' });
    } finally {
      setService.run(1, PREVIOUS_YEAR);
      db.close();
    }
  });

  it('rejects bad checkouts with a clear detail and changes nothing', async () => {
    const before = await items();
    const contributo = await byTitle('Contributo scolastico');
    const quaderni = await product('Quaderni');
    const felpa = await product('Felpa');
    const key = newKey();
    const noKey = await post(url('transaction'), { articoli: [{ id: contributo.id, tipo: 'pagamento' }] });
    expectConforms('createTransaction', noKey, 400);
    expect(noKey.json().detail).toMatch(/idempotency-key/i);
    expectConforms('createTransaction', await post(url('transaction'), {}, { 'idempotency-key': key }), 400);
    expectConforms('createTransaction', await checkout([{ id: 'abc', tipo: 'pagamento' }], key), 400);
    expectConforms('createTransaction', await checkout([{ id: contributo.id, tipo: 'regalo' }], key), 400);
    expectConforms('createTransaction', await checkout([], key), 400);

    const step = await checkout([{ id: quaderni.id, tipo: 'articolo', quantita: 7 }], key);
    expectConforms('createTransaction', step, 400);
    expect(step.json().detail).toContain('Acquistabile solo in multipli di 5');
    const tooMany = await checkout([{ id: quaderni.id, tipo: 'articolo', quantita: 55 }], key);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain('quantità massima acquistabile 50');
    const tooFew = await checkout([{ id: quaderni.id, tipo: 'articolo', quantita: 1 }], key);
    expect(tooFew.json().detail).toContain('quantità minima acquistabile 5');
    const noOption = await checkout([{ id: felpa.id, tipo: 'articolo', opzioni: [{ id: 'taglia', valore: 'M' }] }], key);
    expect(noOption.statusCode).toBe(400);
    expect(noOption.json().detail).toContain('scegli Colore');
    const badOption = await checkout([{ id: felpa.id, tipo: 'articolo', opzioni: [{ id: 'taglia', valore: 'XXXL' }, { id: 'colore', valore: 'Blu notte' }] }], key);
    expect(badOption.json().detail).toContain('XXXL');
    const twice = await checkout([{ id: contributo.id, tipo: 'pagamento' }, { id: contributo.id, tipo: 'pagamento' }], key);
    expect(twice.json()).toMatchObject({ error: 'articolo_ripetuto' });

    expectConforms('createTransaction', await checkout([{ id: 999999, tipo: 'pagamento' }], key), 404);
    expectConforms('createTransaction', await checkout([{ id: contributo.id, tipo: 'pagamento' }], key, { school: 'DEMO01', id: 503, year: CURRENT_YEAR }), 403);
    const giulia = { school: 'DEMO02', id: 502, year: CURRENT_YEAR };
    const shopOff = await checkout([{ id: 1, tipo: 'articolo' }], key, giulia);
    expectConforms('createTransaction', shopOff, 403);
    expect(shopOff.json().error).toBe('negozio_disabilitato');

    const notOnline = await checkout([{ id: (await byTitle('Fotocopie')).id, tipo: 'pagamento' }], key);
    expectConforms('createTransaction', notOnline, 409);
    expect(notOnline.json().error).toContain('non è acquistabile online');
    const appOnly = await checkout([{ id: (await byTitle('Abbonamento annuale')).id, tipo: 'pagamento' }], key);
    expectConforms('createTransaction', appOnly, 409);
    expect(appOnly.json().error).toContain('non si può pagare con carta');
    const paid = await checkout([{ id: (await byTitle('Assicurazione')).id, tipo: 'pagamento' }], key);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toContain('già pagato');

    expect(await items()).toEqual(before);
    // None of the failures kept the key: it still works for a valid cart.
    const ok = await checkout([{ id: contributo.id, tipo: 'pagamento' }], key);
    expect(ok.statusCode).toBe(200);
    await post(`/api/v3/pagamenti-simulati/payment_intents/${ok.json().payment_intent.id}/cancel`, { client_secret: ok.json().payment_intent.client_secret }, {}, null);
  });

  it('pays by card once: idempotent checkout, success card, items paid, state confermato', async () => {
    const contributo = await byTitle('Contributo scolastico');
    const felpa = await product('Felpa');
    const invoicesBefore = ((await get(url('fatture_ricevute'))).json() as unknown[]).length;
    const cart = [
      { id: contributo.id, tipo: 'pagamento' },
      { id: felpa.id, tipo: 'articolo', quantita: 2, opzioni: [{ id: 'taglia', valore: 'M' }, { id: 'colore', valore: 'Grigio melange' }] },
    ];
    const key = newKey();
    const created = await checkout(cart, key);
    expectConforms('createTransaction', created);
    const intent = created.json().payment_intent as Intent;
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(intent.amount).toBe(Math.round(contributo.prezzo * 100) + 2 * Math.round(felpa.prezzo_scontato * 100));
    expect(created.json().importo).toBe(intent.amount / 100);

    const again = await checkout([...cart].reverse(), key);
    expect(again.json().payment_intent.id).toBe(intent.id);
    const reused = await checkout([{ id: contributo.id, tipo: 'pagamento' }], key);
    expectConforms('createTransaction', reused, 409);
    expect(reused.json().error).toContain('chiave di idempotenza');

    expectConforms('getTransaction', await get(url(`transaction/${intent.id}`)));
    expect((await get(url(`transaction/${intent.id}`))).json().stato).toBe('in_attesa');

    const done = await confirm(intent);
    expectConforms('confirmSimulatedPaymentIntent', done);
    expect(done.json()).toMatchObject({ error: null, payment_intent: { status: 'succeeded' } });
    const state = await get(url(`transaction/${intent.id}`));
    expect(state.json()).toMatchObject({ stato: 'confermato', stato_fornitore: 'succeeded', metodo: 'carta' });
    expect(state.json().articoli).toHaveLength(2);

    const paidItem = await byTitle('Contributo scolastico');
    expect(paidItem).toMatchObject({ pagato: true, acquistabile: false, stile: 'pagato' });
    const purchase = (await items()).find((i) => i.titolo === "Acquisto: Felpa dell'istituto (x2)");
    expect(purchase).toMatchObject({ pagato: true });
    // The statement shows the subtitle: it names the product, its quantity and options.
    expect(purchase?.sottotitolo).toMatch(/^Negozio della scuola: Felpa dell'istituto \(x2\)/);
    expect(((await get(url('fatture_ricevute'))).json() as unknown[]).length).toBe(invoicesBefore + 1);

    const read = await t.server.app.inject({ url: `/api/v3/pagamenti-simulati/payment_intents/${intent.id}?client_secret=${intent.client_secret}` });
    expectConforms('getSimulatedPaymentIntent', read);
    expect(read.json().payment_intent.status).toBe('succeeded');
    expectConforms('getSimulatedPaymentIntent', await t.server.app.inject({ url: `/api/v3/pagamenti-simulati/payment_intents/${intent.id}?client_secret=wrong` }), 404);

    const confirmedAgain = await confirm(intent);
    expectConforms('confirmSimulatedPaymentIntent', confirmedAgain, 409);
    expect(confirmedAgain.json().error).toBe('Il pagamento è già stato completato');
    // The same key after success still answers the same intent: never a second charge.
    expect((await checkout(cart, key)).json().payment_intent).toMatchObject({ id: intent.id, status: 'succeeded' });
    expect((await checkout([{ id: contributo.id, tipo: 'pagamento' }], newKey())).statusCode).toBe(409);
    expectConforms('getTransaction', await get(url('transaction/pi_unknown')), 404);
  });

  it('declines a card, then runs 3-D Secure (refused, then approved)', async () => {
    const lab = await byTitle('Laboratorio teatrale');
    const created = await checkout([{ id: lab.id, tipo: 'pagamento' }], newKey());
    const intent = created.json().payment_intent as Intent;

    const declined = await confirm(intent, CARD_DECLINED);
    expectConforms('confirmSimulatedPaymentIntent', declined);
    expect(declined.json()).toMatchObject({ error: 'La carta è stata rifiutata', payment_intent: { status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } } });
    expect((await get(url(`transaction/${intent.id}`))).json()).toMatchObject({ stato: 'in_attesa', azione_richiesta: false });
    expect((await byTitle('Laboratorio teatrale')).pagato).toBe(false);

    const action = await confirm(intent, CARD_3DS);
    expect(action.json().payment_intent).toMatchObject({ status: 'requires_action', next_action: { type: 'three_d_secure' } });
    // A reload during the challenge: the portal's reading says the payer still has to act.
    const waiting = await get(url(`transaction/${intent.id}`));
    expectConforms('getTransaction', waiting);
    expect(waiting.json()).toMatchObject({ stato: 'in_attesa', stato_fornitore: 'requires_action', azione_richiesta: true });
    const refused = await post(`/api/v3/pagamenti-simulati/payment_intents/${intent.id}/3ds`, { client_secret: intent.client_secret, esito: 'rifiuta' }, {}, null);
    expectConforms('authenticateSimulatedPaymentIntent', refused);
    expect(refused.json().payment_intent.status).toBe('requires_payment_method');
    expect(refused.json().error).toContain('3-D Secure');
    expect((await byTitle('Laboratorio teatrale')).pagato).toBe(false);

    const notNow = await post(`/api/v3/pagamenti-simulati/payment_intents/${intent.id}/3ds`, { client_secret: intent.client_secret, esito: 'approva' }, {}, null);
    expectConforms('authenticateSimulatedPaymentIntent', notNow, 409);
    const badEsito = await post(`/api/v3/pagamenti-simulati/payment_intents/${intent.id}/3ds`, { client_secret: intent.client_secret, esito: 'boh' }, {}, null);
    expectConforms('authenticateSimulatedPaymentIntent', badEsito, 400);

    await confirm(intent, CARD_3DS);
    const approved = await post(`/api/v3/pagamenti-simulati/payment_intents/${intent.id}/3ds`, { client_secret: intent.client_secret, esito: 'approva' }, {}, null);
    expect(approved.json().payment_intent.status).toBe('succeeded');
    expect(await byTitle('Laboratorio teatrale')).toMatchObject({ pagato: true, stile: 'pagato', scaduto: false });
  });

  it('rejects bad confirmations without touching the intent, and cancels', async () => {
    const quaderni = await product('Quaderni');
    const created = await checkout([{ id: quaderni.id, tipo: 'articolo', quantita: 10 }], newKey());
    const intent = created.json().payment_intent as Intent;
    expect(intent.amount).toBe(10 * Math.round(quaderni.prezzo_scontato * 100));
    const base = `/api/v3/pagamenti-simulati/payment_intents/${intent.id}`;

    const noName = await confirm(intent, CARD_OK, '  ');
    expectConforms('confirmSimulatedPaymentIntent', noName, 400);
    expect(noName.json().detail).toBe('Nome titolare carta è obbligatorio');
    expectConforms('confirmSimulatedPaymentIntent', await post(`${base}/confirm`, { client_secret: intent.client_secret, card: CARD_OK }, {}, null), 400);
    expectConforms('confirmSimulatedPaymentIntent', await confirm(intent, { ...CARD_OK, number: 'abcd' } as typeof CARD_OK), 400);
    expectConforms('confirmSimulatedPaymentIntent', await confirm(intent, { ...CARD_OK, exp_month: 13 }), 400);
    expectConforms('confirmSimulatedPaymentIntent', await confirm({ ...intent, client_secret: 'nope' }), 404);
    expect((await t.server.app.inject({ url: `${base}?client_secret=${intent.client_secret}` })).json().payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: null,
    });
    const expired = await confirm(intent, { ...CARD_OK, exp_year: 2025 });
    expect(expired.json().error).toBe('La carta è scaduta');

    expectConforms('cancelSimulatedPaymentIntent', await post(`${base}/cancel`, {}, {}, null), 400);
    const canceled = await post(`${base}/cancel`, { client_secret: intent.client_secret }, {}, null);
    expectConforms('cancelSimulatedPaymentIntent', canceled);
    expect(canceled.json().payment_intent.status).toBe('canceled');
    expect((await get(url(`transaction/${intent.id}`))).json().stato).toBe('annullato');
    expectConforms('confirmSimulatedPaymentIntent', await confirm(intent), 409);
    expectConforms('cancelSimulatedPaymentIntent', await post(`${base}/cancel`, { client_secret: 'nope' }, {}, null), 404);
  });

  it('never charges twice when two checkouts race for the same item', async () => {
    const fce = await byTitle('Corso di preparazione FCE');
    const first = (await checkout([{ id: fce.id, tipo: 'pagamento' }], newKey())).json().payment_intent as Intent;
    const second = (await checkout([{ id: fce.id, tipo: 'pagamento' }], newKey())).json().payment_intent as Intent;
    expect(second.id).not.toBe(first.id);
    expect((await confirm(first)).json().payment_intent.status).toBe('succeeded');
    const late = await confirm(second);
    expect(late.json().payment_intent.status).toBe('canceled');
    expect(late.json().error).toContain('senza addebito');
    expect((await get(url(`transaction/${second.id}`))).json().stato).toBe('annullato');
  });

  it('pays with the mobile app: create (idempotent), status, simulated approval or refusal', async () => {
    const bus = await byTitle('Abbonamento annuale');
    const key = newKey();
    const created = await post(url('satispay/pagamento'), { articoli: [{ id: bus.id, tipo: 'pagamento' }] }, { 'idempotency-key': key });
    expectConforms('createSatispayPayment', created);
    const id = created.json().payment_intent as string;
    expect(created.json()).toMatchObject({ status: 'PENDING', importo: 40 });
    expect((await post(url('satispay/pagamento'), { articoli: [{ id: bus.id, tipo: 'pagamento' }] }, { 'idempotency-key': key })).json().payment_intent).toBe(id);

    const pending = await get(url(`satispay/pagamento/${id}`));
    expectConforms('getSatispayPayment', pending);
    expect(pending.json()).toMatchObject({ status: 'PENDING', amount_unit: 4000, currency: 'EUR' });
    expectConforms('getSatispayPayment', await get(url('satispay/pagamento/sp_unknown')), 404);

    const badOutcome = await post(`/api/v3/pagamenti-simulati/satispay/${id}/esito`, { esito: 'forse' }, {}, null);
    expectConforms('setSimulatedSatispayOutcome', badOutcome, 400);
    expectConforms('setSimulatedSatispayOutcome', await post('/api/v3/pagamenti-simulati/satispay/sp_unknown/esito', { esito: 'approva' }, {}, null), 404);
    expect((await get(url(`satispay/pagamento/${id}`))).json().status).toBe('PENDING');

    const accepted = await post(`/api/v3/pagamenti-simulati/satispay/${id}/esito`, { esito: 'approva' }, {}, null);
    expectConforms('setSimulatedSatispayOutcome', accepted);
    expect(accepted.json().status).toBe('ACCEPTED');
    expect((await get(url(`transaction/${id}`))).json()).toMatchObject({ metodo: 'satispay', stato: 'confermato' });
    expect(await byTitle('Abbonamento annuale')).toMatchObject({ pagato: true, acquistabile: false });
    expectConforms('setSimulatedSatispayOutcome', await post(`/api/v3/pagamenti-simulati/satispay/${id}/esito`, { esito: 'annulla' }, {}, null), 409);

    const penne = await product('Penne');
    const other = await post(url('satispay/pagamento'), { articoli: [{ id: penne.id, tipo: 'articolo', quantita: 3 }] }, { 'idempotency-key': newKey() });
    const otherId = other.json().payment_intent as string;
    const refused = await post(`/api/v3/pagamenti-simulati/satispay/${otherId}/esito`, { esito: 'annulla' }, {}, null);
    expect(refused.json().status).toBe('CANCELED');
    expect((await get(url(`transaction/${otherId}`))).json().stato).toBe('annullato');

    const calc = await product('Calcolatrice');
    const cardOnly = await post(url('satispay/pagamento'), { articoli: [{ id: calc.id, tipo: 'articolo' }] }, { 'idempotency-key': newKey() });
    expectConforms('createSatispayPayment', cardOnly, 409);
    expect(cardOnly.json().error).toContain('Satispay');
    expectConforms('createSatispayPayment', await post(url('satispay/pagamento'), { articoli: [{ id: penne.id }] }, { 'idempotency-key': newKey() }), 400);
    expectConforms('getSatispayPayment', await get(url(`satispay/pagamento/${otherId}`, { school: 'DEMO01', id: 503, year: CURRENT_YEAR })), 403);
  });

  it('cancels a mobile payment only while it waits: idempotent, and an accepted one is answered as paid', async () => {
    const penne = await product('Penne');
    const create = async () =>
      (await post(url('satispay/pagamento'), { articoli: [{ id: penne.id, tipo: 'articolo', quantita: 2 }] }, { 'idempotency-key': newKey() })).json().payment_intent as string;
    const cancel = (id: string, token = t.parent, s = MARCO) => post(url(`satispay/pagamento/${id}/annulla`, s), {}, {}, token);
    const invoicesBefore = (await get(url('fatture_ricevute'))).json().length as number;

    const id = await create();
    const cancelled = await cancel(id);
    expectConforms('cancelSatispayPayment', cancelled);
    expect(cancelled.json()).toMatchObject({ id, status: 'CANCELED', data_esito: expect.any(String) });
    expect((await get(url(`transaction/${id}`))).json()).toMatchObject({ stato: 'annullato', azione_richiesta: false });
    // Again: the same answer, nothing changes.
    const again = await cancel(id);
    expectConforms('cancelSatispayPayment', again);
    expect(again.json()).toEqual(cancelled.json());
    // The payer answering after the cancel finds nothing to approve: no charge.
    expect((await post(`/api/v3/pagamenti-simulati/satispay/${id}/esito`, { esito: 'approva' }, {}, null)).statusCode).toBe(409);

    // Accepted meanwhile: not cancelled, the answer says it was paid.
    const paid = await create();
    await post(`/api/v3/pagamenti-simulati/satispay/${paid}/esito`, { esito: 'approva' }, {}, null);
    const late = await cancel(paid);
    expectConforms('cancelSatispayPayment', late);
    expect(late.json().status).toBe('ACCEPTED');
    expect((await get(url(`transaction/${paid}`))).json().stato).toBe('confermato');
    expect((await get(url('fatture_ricevute'))).json()).toHaveLength(invoicesBefore + 1);

    // Only one's own app payments: not a card intent, not an unknown id, not another family's.
    const card = (await checkout([{ id: penne.id, tipo: 'articolo', quantita: 2 }], newKey())).json().payment_intent as Intent;
    expectConforms('cancelSatispayPayment', await cancel(card.id), 404);
    expectConforms('cancelSatispayPayment', await cancel('sp_unknown'), 404);
    const pending = await create();
    expectConforms('cancelSatispayPayment', await cancel(pending, t.student, { school: 'DEMO01', id: 503, year: CURRENT_YEAR }), 404);
    expectConforms('cancelSatispayPayment', await cancel(pending, null as never), 401);
    expect((await get(url(`satispay/pagamento/${pending}`))).json().status).toBe('PENDING');
  });

  it('tells the school’s instructions for paying outside the portal', async () => {
    expect((await get(url('istruzioni_pagamento'))).json()).toEqual({
      sportello: { luogo: 'Segreteria amministrativa, piano terra', orari: expect.stringContaining('8:00') },
      bonifico: { beneficiario: 'Istituto Comprensivo Demo', iban: 'IT60X0542811101000000123456', banca: 'Banca Demo di Torino' },
    });
    const giulia = (await get(url('istruzioni_pagamento', { school: 'DEMO02', id: 502, year: CURRENT_YEAR }))).json();
    expect(giulia.sportello).toBeNull();
    expect(giulia.bonifico.iban).toMatch(/^IT\d{2}/);
  });

  it('serves the stand-in card library and web button from its own origin, keyed by the simulator’s keys', async () => {
    const stripe = await t.server.app.inject({ url: '/simulatori/stripe.js' });
    expect(stripe.statusCode).toBe(200);
    expect(stripe.headers['content-type']).toContain('javascript');
    expect(stripe.body).toContain('window.Stripe = StripeStandIn');
    const button = await t.server.app.inject({ url: '/simulatori/satispay-web-button.js' });
    expect(button.body).toContain('window.SatispayWebButton');
    expect((await get(url('chiavepagamenti'))).json().chiave).toBe('pk_test_simulatore_DEMO01');
    expect((await get(url('satispay/configurazione'))).json()).toMatchObject({ ambiente: 'STAGING', key_id: 'simulatore-DEMO01' });
  });

  it('covers every pagamenti operation', () => {
    expect(uncovered('pagamenti')).toEqual([]);
  });
});
