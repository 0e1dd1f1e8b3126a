import { afterEach, describe, expect, it } from 'vitest';
import { testHooks } from './index';
import { auth, CURRENT_YEAR, pathOf, startTestServer, type TestServer } from '../../server/testing';

interface Listed {
  id: string;
  metodo: string;
  chiave_idempotenza: string;
  stato_fornitore: string;
  importo_cent: number;
  addebitata: boolean;
}

describe("test hook: an item's checkouts", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('does not exist on a server built without the test hooks', async () => {
    server = await startTestServer();
    const res = await server.app.inject({ url: `/__test__/pagamenti?id_studente=501&anno=${CURRENT_YEAR}&cart_id=articolo_1` });
    expect(res.statusCode).toBe(404);
  });

  it("lists the checkouts holding the item, the charged ones marked, and no other item's", async () => {
    server = await startTestServer({ extend: testHooks });
    const { token } = await server.login();
    const products = (await server.app.inject({ url: pathOf('articoli'), headers: auth(token) })).json<{ id: number; nome: string }[]>();
    const penne = products.find((p) => p.nome.startsWith('Penne'))!;
    const quaderni = products.find((p) => p.nome.startsWith('Quaderni'))!;
    const checkout = (id: number, quantita: number, key: string) =>
      server!.app.inject({
        method: 'POST', url: pathOf('transaction'), headers: { ...auth(token), 'idempotency-key': key },
        payload: { articoli: [{ id, tipo: 'articolo', quantita }] },
      });
    const list = async (cartId: string) =>
      (await server!.app.inject({ url: `/__test__/pagamenti?id_studente=501&anno=${CURRENT_YEAR}&cart_id=${cartId}` })).json<{ transazioni: Listed[] }>().transazioni;

    const first = (await checkout(penne.id, 2, 'hook-key-0001')).json<{ payment_intent: { id: string; client_secret: string } }>().payment_intent;
    await checkout(penne.id, 2, 'hook-key-0001');
    await checkout(quaderni.id, 5, 'hook-key-0002');
    await server.app.inject({
      method: 'POST', url: `/api/v3/pagamenti-simulati/payment_intents/${first.id}/confirm`,
      payload: { client_secret: first.client_secret, cardholder_name: 'Laura Rossi', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
    });

    expect(await list(`articolo_${penne.id}`)).toEqual([
      { id: first.id, metodo: 'carta', chiave_idempotenza: 'hook-key-0001', stato_fornitore: 'succeeded', importo_cent: expect.any(Number), addebitata: true },
    ]);
    expect(await list(`articolo_${quaderni.id}`)).toMatchObject([{ chiave_idempotenza: 'hook-key-0002', addebitata: false }]);
    const bad = await server.app.inject({ url: `/__test__/pagamenti?id_studente=501&anno=${CURRENT_YEAR}&cart_id=x` });
    expect(bad.statusCode).toBe(400);
  });
});
