/** What the checkout's browser tests and its transition suite share: the demo's cart keys, cart lines from the server's products, the card form. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, DEMO_PASSWORD } from './fixtures';

export const YEAR = '2026_2027';
export const CART_KEY = `portale-famiglie.privato.carrello.501.${YEAR}`;
export const PENDING_KEY = `portale-famiglie.privato.pagamento.501.${YEAR}`;
export const BASE = `/api/v3/scuole/DEMO01/studenti/501/${YEAR}`;

export async function parentToken(request: APIRequestContext) {
  const login = await request.post('/api/v4/utenti/login/', { data: { mastercom: 'DEMO01', utente: 'genitore.demo', password: DEMO_PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

export interface Product {
  id: number;
  nome: string;
  prezzo_unitario: number;
  prezzo_scontato: number;
  quantita_minima: number;
  quantita_massima: number;
  passo: number;
}

/** A cart line as the shop puts it in the tab (src/domain/cart.ts), from the server's own product. */
export async function productLine(request: APIRequestContext, token: string, nome: string, quantita: number, app = true) {
  const res = await request.get(`${BASE}/articoli`, { headers: { Authorization: `JWT ${token}` } });
  const p = ((await res.json()) as Product[]).find((x) => x.nome === nome)!;
  return {
    cart_id: `articolo_${p.id}`, id: p.id, tipo: 'articolo', nome: p.nome, prezzoUnitarioCent: Math.round(p.prezzo_unitario * 100),
    prezzoScontatoCent: Math.round(p.prezzo_scontato * 100), sconto: null, quantita, quantitaMinima: p.quantita_minima,
    quantitaMassima: p.quantita_massima, passo: p.passo, opzioni: [], pagamentoCarta: true, pagamentoApp: app,
  };
}

export async function statementCount(request: APIRequestContext, token: string, title: string) {
  const res = await request.get(`${BASE}/pagamenti`, { headers: { Authorization: `JWT ${token}` } });
  return ((await res.json()) as { titolo: string }[]).filter((i) => i.titolo === title).length;
}

/** Signs in, puts the lines in the tab's cart and opens the checkout step. */
export async function openCheckout(page: Page, lines: unknown[]) {
  await signIn(page);
  await page.evaluate(([key, items]) => sessionStorage.setItem(key as string, JSON.stringify({ items })), [CART_KEY, lines] as const);
  await page.goto('/carrello/pagamento');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagamento' })).toBeVisible();
}

const cardInput = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`).getByRole('textbox');

export async function fillCard(page: Page, number: string, expiry = '12 / 30', cvc = '123') {
  await cardInput(page, 'Numero della carta').fill(number);
  await cardInput(page, 'Scadenza (MM / AA)').fill(expiry);
  await cardInput(page, 'Codice di sicurezza (CVC)').fill(cvc);
}
