import { mutationOptions } from '@tanstack/react-query';
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
import type { Invoice, TaxChange, TaxChangeResult, TaxConsent } from '../../domain/payments';
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

/**
 * A tax-consent change: applied when the answer says `success` true (the cached consent takes the
 * new state), else refused with the school's `errore`, the consent as it was.
 */
export const changeTaxConsentMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['ade', s],
    mutationFn: async (change: TaxChange): Promise<TaxChangeResult> => {
      const params = { params: { path: studentPath(s) } };
      const { data } =
        change.kind === 'pagante'
          ? await api.client.POST(`${BASE}/ade-pagante`, { ...params, body: { conferma_pagante_ade: change.value } })
          : await api.client.POST(`${BASE}/ade-opposizione`, { ...params, body: { opposizione_ade: change.value } });
      return toTaxChange(data);
    },
    onSuccess: (result, _change, _r, { client }) => {
      if (result.success) client.setQueryData<TaxConsent>(taxConsentQuery(s).queryKey, (old) => (old ? { ...old, ...result.consent } : old));
    },
  });

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
