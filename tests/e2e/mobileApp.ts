import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, DEMO_PASSWORD } from './fixtures';

export interface MobileApp {
  /** The verifier the app keeps; its SHA-256 goes with every code it asks for. */
  verificatore: string;
  /** A code for one of the user's students and a mobile page, with the address to open. */
  code(pagina: string, id_studente?: number): Promise<{ codice: string; url: string }>;
}

/**
 * What the school's app does (docs/mobile.md): signs in with its own token, keeps a random
 * verifier, asks for codes bound to its SHA-256, and hands the verifier to its web views (the
 * pages of `page`'s context) before any page content loads, as React Native WebView's
 * `injectedJavaScriptBeforeContentLoaded` would. A page opened without it is a forwarded link.
 */
export async function mobileApp(page: Page, request: APIRequestContext, username = 'genitore.demo'): Promise<MobileApp> {
  const verificatore = randomBytes(32).toString('base64url');
  const sfida = createHash('sha256').update(verificatore).digest('base64url');
  // Every web view of the app (every page of the context) gets it.
  await page.context().addInitScript((v) => {
    (window as unknown as { PortaleFamiglieApp: { verificatore: string } }).PortaleFamiglieApp = { verificatore: v };
  }, verificatore);
  const login = await request.post('/api/v4/utenti/login/', { data: { mastercom: 'DEMO01', utente: username, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return {
    verificatore,
    async code(pagina, id_studente = 501) {
      const res = await request.post('/api/v4/utenti/mobile/codice', { headers: { Authorization: `JWT ${token}` }, data: { id_studente, pagina, sfida } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as { codice: string; url: string };
    },
  };
}
