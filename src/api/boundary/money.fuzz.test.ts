// @vitest-environment node
/**
 * Property tests of the meals, daily-services, payments and checkout readers (see
 * testing/arbitraries.ts). Documented throws: toMarketplace's MalformedAnswer (no product list) and
 * toCreatedPayment's "without an intent".
 */
import { describe } from 'vitest';
import { toCreatedPayment, toPaymentArrangement, toPaymentKey, toPaymentTransaction, toSatispaySettings } from './checkout';
import {
  toConsumedMeals,
  toDailyBookings,
  toDailyCredit,
  toDailyOutcome,
  toDailyServiceDay,
  toMealCredit,
  toMealDay,
  toMealSummary,
} from './meals';
import {
  MalformedAnswer,
  toAccountStatement,
  toCreditStatement,
  toInvoices,
  toMarketplace,
  toPaymentReport,
  toProducts,
  toTaxChange,
  toTaxConsent,
} from './payments';
import { asRecord, integer, isRecord, rawString, schoolDate, schoolDateTime } from './read';
import { fuzzReader, ids } from './testing/fuzz';

const sentId = (item: unknown) => integer(asRecord(item).id);
const mealDayRules = { fields: { scadenza: 'dateTime' as const, codice: 'raw' as const }, notNull: ['data', 'scadenza'] };
const usableMealDay = (raw: unknown) => {
  const d = asRecord(raw);
  return sentId(raw) !== null && schoolDateTime(d.scadenza) !== null && (schoolDate(d.data) ?? schoolDate(d.scadenza)) !== null;
};

describe('meals', () => {
  fuzzReader({
    operations: ['getMeals'],
    reader: 'toMealSummary',
    read: toMealSummary,
    rules: mealDayRules,
    unique: (out) => [['meal choices', ids(out.pasto_corrente?.servizi ?? [], 'codice')]],
  });
  fuzzReader({
    operations: ['getMeal', 'bookMeal'],
    reader: 'toMealDay',
    read: toMealDay,
    rules: mealDayRules,
    unique: (out) => [['meal choices', ids(out?.servizi ?? [], 'codice')]],
    check: (out, raw) => ((out === null) === usableMealDay(raw) ? ['a usable day was dropped, or an unusable one kept'] : []),
  });
  fuzzReader({
    operations: ['getConsumedMeals'],
    reader: 'toConsumedMeals',
    read: toConsumedMeals,
    rules: { fields: { codice: 'raw' }, notNull: ['data'] },
    unique: (out) => [['meals', ids(out)]],
    keeps: { usable: (item) => sentId(item) !== null && schoolDate(asRecord(item).data) !== null, id: sentId },
  });
  fuzzReader({ operations: ['getMealCredit'], reader: 'toMealCredit', read: toMealCredit, rules: { notNull: ['data'] } });
});

describe('daily services', () => {
  fuzzReader({
    operations: ['getDailyServices'],
    reader: 'toDailyServiceDay',
    read: (raw) => toDailyServiceDay(raw, '2026-11-21'),
    rules: { notNull: ['data_adesione'] },
    unique: (out) => [['services', ids(out.servizi, 'id_marketplace')]],
  });
  fuzzReader({
    operations: ['getDailyServiceCredit'],
    reader: 'toDailyCredit',
    read: toDailyCredit,
    rules: { notNull: ['data'] },
    unique: (out) => [['movements', ids(out.movimenti)]],
  });
  fuzzReader({
    operations: ['getDailyBookings'],
    reader: 'toDailyBookings',
    read: toDailyBookings,
    rules: { notNull: ['data_adesione'] },
    unique: (out) => [['bookings', ids(out)]],
    keeps: {
      usable: (item) => sentId(item) !== null && integer(asRecord(item).id_marketplace) !== null && schoolDate(asRecord(item).data_adesione) !== null,
      id: sentId,
    },
  });
  fuzzReader({ operations: ['bookDailyService', 'cancelDailyBooking'], reader: 'toDailyOutcome', read: toDailyOutcome });
});

describe('payments', () => {
  const cartIds = (list: readonly { cart_id: string }[]) => list.map((p) => p.cart_id);
  fuzzReader({
    operations: ['getAccountStatement'],
    reader: 'toAccountStatement',
    read: toAccountStatement,
    unique: (out) => [['payments', cartIds(out.pagamenti)]],
  });
  fuzzReader({
    operations: ['getMarketplace'],
    reader: 'toMarketplace',
    read: toMarketplace,
    documentedThrow: (error, raw) => error instanceof MalformedAnswer && !(isRecord(raw) && Array.isArray(raw.articoli)),
    unique: (out) => [
      ['payments', cartIds(out.pagamenti)],
      ['products', cartIds(out.articoli)],
    ],
  });
  fuzzReader({
    operations: ['getProducts'],
    reader: 'toProducts',
    read: toProducts,
    rules: { fields: { valori: 'text' } },
    unique: (out) => [['product cart ids', cartIds(out)], ...out.map((p): [string, unknown[]] => [`options of ${p.id}`, ids(p.opzioni)])],
    keeps: { usable: (item) => sentId(item) !== null, id: (item) => rawString(asRecord(item).cart_id) ?? `articolo_${sentId(item)}` },
  });
  fuzzReader({
    operations: ['getCredits'],
    reader: 'toCreditStatement',
    read: toCreditStatement,
    rules: { emptyAllowed: ['data'] },
    unique: (out) => [['movements', ids(out.movimenti)]],
  });
  fuzzReader({
    operations: ['getInvoices'],
    reader: 'toInvoices',
    read: toInvoices,
    rules: { emptyAllowed: ['data'] },
    unique: (out) => [['invoices', ids(out)]],
    keeps: { usable: (item) => sentId(item) !== null && Boolean(rawString(asRecord(item).url)), id: sentId },
  });
  fuzzReader({ operations: ['getPaymentReport'], reader: 'toPaymentReport', read: toPaymentReport });
  fuzzReader({ operations: ['getTaxConsent'], reader: 'toTaxConsent', read: toTaxConsent, rules: { fields: { data: 'dateTime' } } });
  fuzzReader({
    operations: ['setTaxPayerConfirmation', 'setTaxOpposition'],
    reader: 'toTaxChange',
    read: toTaxChange,
    rules: { fields: { data: 'dateTime' } },
  });
});

describe('checkout', () => {
  fuzzReader({
    operations: ['createTransaction', 'createSatispayPayment'],
    reader: 'toCreatedPayment',
    read: toCreatedPayment,
    documentedThrow: (error, raw) => {
      const r = asRecord(raw);
      const intent = asRecord(r.payment_intent);
      const usable = typeof r.payment_intent === 'string' ? r.payment_intent.trim() !== '' : Boolean((rawString(intent.id) ?? rawString(r.id_transazione))?.trim() && rawString(intent.client_secret)?.trim());
      return error instanceof Error && error.message === 'checkout answer without an intent' && !usable;
    },
    rules: { fields: { clientSecret: 'raw' } },
    check: (out) => (out.id.trim() === '' ? ['a payment without an id'] : []),
  });
  fuzzReader({
    operations: ['getTransaction'],
    reader: 'toPaymentTransaction',
    read: toPaymentTransaction,
    rules: { fields: { data: 'dateTime' }, emptyAllowed: ['data'] },
  });
  fuzzReader({ operations: ['getPaymentKey'], reader: 'toPaymentKey', read: (raw) => ({ chiave: toPaymentKey(raw) }), rules: { fields: { chiave: 'raw' } } });
  fuzzReader({ operations: ['getSatispayConfiguration'], reader: 'toSatispaySettings', read: toSatispaySettings });
  fuzzReader({ operations: ['getPaymentArrangement'], reader: 'toPaymentArrangement', read: toPaymentArrangement });
});
