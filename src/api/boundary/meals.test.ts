import { describe, expect, it } from 'vitest';
import { toConsumedMeals, toDailyBookings, toDailyCredit, toDailyOutcome, toDailyServiceDay, toMealDay, toMealSummary } from './meals';

describe('meal answers', () => {
  it('reads a day as the reference server sends it', () => {
    const day = toMealDay({
      id: 7,
      data: '2026-11-20',
      scadenza: '2026-11-20T09:30:00+01:00',
      prenotabile: true,
      descrizione: 'Risotto &amp; merluzzo',
      id_pasto_precedente: 6,
      id_pasto_successivo: null,
      servizi: [{ codice: '--', descrizione: 'Nessun pasto', selezionato: false }, { codice: 'PC', descrizione: 'Pasto completo', selezionato: 'SI' }, { descrizione: 'senza codice' }],
    });
    expect(day).toEqual({
      id: 7,
      data: '2026-11-20',
      scadenza: '2026-11-20T09:30:00+01:00',
      prenotabile: true,
      descrizione: 'Risotto & merluzzo',
      id_pasto_precedente: 6,
      id_pasto_successivo: null,
      servizi: [
        { codice: '--', descrizione: 'Nessun pasto', selezionato: false },
        { codice: 'PC', descrizione: 'Pasto completo', selezionato: true },
      ],
    });
  });

  it('reads a deadline without offset as Rome time, and drops a day without id', () => {
    expect(toMealDay({ id: '3', scadenza: '2026-07-01 09:30:00', servizi: [] })?.scadenza).toBe('2026-07-01T09:30:00+02:00');
    expect(toMealDay({ scadenza: '2026-07-01 09:30:00' })).toBeNull();
  });

  it('reads amounts written as text and a missing current day', () => {
    expect(toMealSummary({ pasti_consumati: '12', credito_residuo: '3,80', allarme_credito_residuo: 1, pasto_corrente: null })).toEqual({
      pasti_consumati: 12,
      credito_residuo: 3.8,
      soglia_credito: null,
      allarme_credito_residuo: true,
      pasto_corrente: null,
    });
    expect(toConsumedMeals([{ id: 1, data: '2026-11-19', codice: 'PC', servizio: 'Pasto completo', costo: 4.6 }, { data: 'x' }])).toHaveLength(1);
  });
});

describe('daily service answers', () => {
  it('reads the day with SI/NO and an unknown availability as not open', () => {
    const day = toDailyServiceDay(
      {
        data_adesione: '2026-11-23',
        credito_residuo: 7,
        servizi: [
          { id_marketplace: 31, descrizione: 'Pre-scuola', costo_unitario_prenotazione: '2.00', adesione: 'SI', adesione_giornaliera: 'ATTIVA', adesioni: 2, messaggio: '' },
          { id_marketplace: 32, descrizione: 'Post-scuola', costo_unitario_prenotazione: 4.5, adesione: 'NO', adesione_giornaliera: 'BOH' },
        ],
      },
      '2026-11-23',
    );
    expect(day.servizi.map((s) => [s.id_marketplace, s.joined, s.adesione_giornaliera, s.costo_unitario_prenotazione])).toEqual([
      [31, true, 'ATTIVA', 2],
      [32, false, 'NON_ATTIVA', 4.5],
    ]);
  });

  it('takes only an explicit OK as success', () => {
    expect(toDailyOutcome({ esito: 'OK', adesione: 'SI', messaggio: '', credito_residuo: 1 }).ok).toBe(true);
    expect(toDailyOutcome({ esito: 'KO', adesione: 'NO', messaggio: 'Credito insufficiente' })).toEqual({
      ok: false,
      messaggio: 'Credito insufficiente',
      joined: false,
      credito_residuo: null,
    });
    expect(toDailyOutcome(null).ok).toBe(false);
  });
});

// Found by the boundary's fuzzing (money.fuzz.test.ts).
describe('odd meal and daily-service answers', () => {
  it('keeps one choice per code (decoded when it names the choice) and one row per id', () => {
    const day = toMealDay({ id: 1, data: '2026-11-21', scadenza: '2026-11-20T10:00:00+01:00', servizi: [{ codice: 'DELL&#039;ARTE' }, { codice: 'DELL&#039;ARTE', selezionato: true }] });
    expect(day?.servizi).toEqual([{ codice: 'DELL&#039;ARTE', descrizione: "DELL'ARTE", selezionato: false }]);
    expect(toConsumedMeals([{ id: 1, data: '2026-11-20' }, { id: 1, data: '2026-11-21' }])).toHaveLength(1);
    expect(toDailyServiceDay({ servizi: [{ id_marketplace: 5 }, { id_marketplace: 5 }] }, '2026-11-21').servizi).toHaveLength(1);
    expect(toDailyBookings([{ id: 2, id_marketplace: 5, data_adesione: '2026-11-21' }, { id: 2, id_marketplace: 5, data_adesione: '2026-11-22' }])).toHaveLength(1);
    expect(toDailyCredit({ movimenti: [{ id: 3, data: '2026-11-21', importo: 1 }, { id: 3, data: '2026-11-21', importo: 2 }] }).movimenti).toHaveLength(1);
  });
});
