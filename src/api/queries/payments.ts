import { api } from '../api';
import {
  toAccountStatement,
  toCreditStatement,
  toInvoices,
  toMarketplace,
  toPaymentReport,
  toProducts,
  toTaxChange,
  toTaxConsent,
} from '../boundary/payments';
import type { Invoice, TaxConsent } from '../../domain/payments';
import type { StudentScope } from '../../domain/student';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

export const statementQuery = (s: StudentScope) => readQuery(`${BASE}/estratto-conto`, scoped(s), toAccountStatement);

export const marketplaceQuery = (s: StudentScope) => readQuery(`${BASE}/marketplace`, scoped(s), toMarketplace);

export const productsQuery = (s: StudentScope) => readQuery(`${BASE}/articoli`, scoped(s), toProducts);

export const creditsQuery = (s: StudentScope) => readQuery(`${BASE}/crediti`, scoped(s), toCreditStatement);

export const invoicesQuery = (s: StudentScope) => readQuery(`${BASE}/fatture_ricevute`, scoped(s), toInvoices);

export const paymentReportQuery = (s: StudentScope) => readQuery(`${BASE}/report`, scoped(s), toPaymentReport);

export const taxConsentQuery = (s: StudentScope) => readQuery(`${BASE}/ade`, scoped(s), toTaxConsent);

/** A tax-consent change as the machine needs it: applied on `success` true, else refused with the server's `errore`. */
export class TaxChangeRefused extends Error {
  constructor(readonly errore: string | null) {
    super(errore ?? 'tax consent change refused');
    this.name = 'TaxChangeRefused';
  }
}

export type TaxChange = { kind: 'pagante'; value: boolean } | { kind: 'opposizione'; value: boolean };

export async function changeTaxConsent(s: StudentScope, change: TaxChange): Promise<Partial<TaxConsent>> {
  const params = { params: { path: studentPath(s) } };
  const { data } =
    change.kind === 'pagante'
      ? await api.client.POST(`${BASE}/ade-pagante`, { ...params, body: { conferma_pagante_ade: change.value } })
      : await api.client.POST(`${BASE}/ade-opposizione`, { ...params, body: { opposizione_ade: change.value } });
  const result = toTaxChange(data);
  if (!result.success) throw new TaxChangeRefused(result.errore);
  return result.consent;
}

/**
 * An invoice's PDF as a blob, fetched by the API client so it carries the session in the
 * Authorization header (a token never goes into a URL).
 */
export async function downloadInvoice(invoice: Invoice): Promise<Blob> {
  // The file's address comes from the answer; only a path of the API origin may receive the session.
  const url = new URL(invoice.url, window.location.origin);
  if (url.origin !== window.location.origin) throw new Error(`invoice file outside the API origin: ${url.origin}`);
  const get = api.client.GET as unknown as (p: string, i: { parseAs: 'blob' }) => Promise<{ data?: Blob }>;
  const { data } = await get(url.pathname + url.search, { parseAs: 'blob' });
  return data!;
}
