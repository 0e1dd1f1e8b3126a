import { describe, expect, it } from 'vitest';
import { isMealBookable, mealChoices, mealsByMonth, NO_MEAL, selectedMeal, signedAmount } from './meals';

const day = (servizi: Array<[string, boolean]>) => ({ servizi: servizi.map(([codice, selezionato]) => ({ codice, descrizione: codice, selezionato })) });

describe('meal rules', () => {
  it('selects "no meal" when nothing is selected, else the selected one', () => {
    expect(selectedMeal(day([['--', false], ['PC', false]]))).toBe(NO_MEAL);
    expect(selectedMeal(day([['--', false], ['PC', false], ['VEG', true]]))).toBe('VEG');
    expect(selectedMeal(day([['PC', true], ['VEG', true]]))).toBe('PC');
  });

  it('always offers "no meal" first', () => {
    expect(mealChoices(day([['PC', false], ['--', false]])).map((c) => c.codice)).toEqual(['--', 'PC']);
    expect(mealChoices(day([['PC', false]])).map((c) => c.codice)).toEqual(['--', 'PC']);
  });

  it('books only while the deadline is in the future and the server agrees', () => {
    const scadenza = '2026-11-20T09:30:00+01:00';
    const at = (iso: string) => Date.parse(iso);
    expect(isMealBookable({ scadenza, prenotabile: true }, at('2026-11-20T09:29:59+01:00'))).toBe(true);
    expect(isMealBookable({ scadenza, prenotabile: true }, at('2026-11-20T09:30:00+01:00'))).toBe(false);
    expect(isMealBookable({ scadenza, prenotabile: false }, at('2026-11-20T09:00:00+01:00'))).toBe(false);
    expect(isMealBookable({ scadenza: 'mai', prenotabile: true }, at('2026-11-20T09:00:00+01:00'))).toBe(false);
  });

  it('groups consumed meals by month, newest first', () => {
    const groups = mealsByMonth([{ data: '2026-10-30' }, { data: '2026-11-02' }, { data: '2026-10-29' }, { data: '2026-11-04' }]);
    expect(groups).toEqual([
      { month: '2026-11', meals: [{ data: '2026-11-04' }, { data: '2026-11-02' }] },
      { month: '2026-10', meals: [{ data: '2026-10-30' }, { data: '2026-10-29' }] },
    ]);
  });

  it('signs movements: top-ups add, meals take away', () => {
    expect(signedAmount({ importo: 20, segno: 'A' })).toBe(20);
    expect(signedAmount({ importo: 4.6, segno: 'D' })).toBe(-4.6);
  });
});
