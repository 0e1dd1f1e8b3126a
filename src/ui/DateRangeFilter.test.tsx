import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { useState } from 'react';
import { Temporal } from '../domain/temporal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DateFilterValue } from '../domain/dateFilter';
import { DATE_FILTER_KEY, type KeyValueStorage } from '../domain/tabStorage';
import { DateRangeFilter } from './DateRangeFilter';

const TODAY = Temporal.PlainDate.from('2026-11-20');
const PERIODS = [
  { numero: 1, data_inizio: '2026-09-14', data_fine: '2027-01-23' },
  { numero: 2, data_inizio: '2027-01-24', data_fine: '2027-06-08' },
];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { storage, data };
}

function Harness({ storage, onChange, initial = null }: { storage: KeyValueStorage; onChange?: (v: DateFilterValue | null) => void; initial?: DateFilterValue | null }) {
  const [value, setValue] = useState<DateFilterValue | null>(initial);
  return (
    <I18nProvider i18n={i18n}>
      <DateRangeFilter
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        periods={PERIODS}
        schoolYearStart={2026}
        today={TODAY}
        storage={storage}
      />
    </I18nProvider>
  );
}

describe('DateRangeFilter', () => {
  afterEach(cleanup);

  it('offers the quick filters, the months Set to Giu and the named periods', () => {
    render(<Harness storage={memoryStorage().storage} />);
    for (const name of ['Oggi', 'Domani', 'Ultimi 30 giorni', 'Ultimi 90 giorni', '1° periodo', '2° periodo']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    }
    const months = within(screen.getByRole('group', { name: 'Mese' })).getAllByRole('button');
    expect(months.map((b) => b.textContent)).toEqual(['Set', 'Ott', 'Nov', 'Dic', 'Gen', 'Feb', 'Mar', 'Apr', 'Mag', 'Giu']);
    expect(months.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Set 2026', 'Ott 2026', 'Nov 2026', 'Dic 2026', 'Gen 2027', 'Feb 2027', 'Mar 2027', 'Apr 2027', 'Mag 2027', 'Giu 2027',
    ]);
    expect(screen.getByLabelText('Dal').getAttribute('type')).toBe('date');
    expect(screen.getByLabelText('Al').getAttribute('type')).toBe('date');
  });

  it('chooses a quick filter with the keyboard, marks it and announces the range', async () => {
    const user = userEvent.setup();
    const { storage, data } = memoryStorage();
    const onChange = vi.fn();
    render(<Harness storage={storage} onChange={onChange} />);
    screen.getByRole('button', { name: 'Ultimi 30 giorni' }).focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ choice: { kind: 'quick', filter: 'last30' }, from: '2026-10-22', to: '2026-11-20' });
    expect(screen.getByRole('button', { name: 'Ultimi 30 giorni' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('Intervallo scelto: dal 22-10-2026 al 20-11-2026');
    expect(JSON.parse(data.get(DATE_FILTER_KEY)!)).toMatchObject({ from: '2026-10-22', to: '2026-11-20' });
  });

  it('chooses a month and a period (from its first to its last day)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness storage={memoryStorage().storage} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Feb 2027' }));
    expect(onChange).toHaveBeenLastCalledWith({ choice: { kind: 'month', month: '2027-02' }, from: '2027-02-01', to: '2027-02-28' });
    await user.click(screen.getByRole('button', { name: '1° periodo' }));
    expect(onChange).toHaveBeenLastCalledWith({ choice: { kind: 'period', numero: 1 }, from: '2026-09-14', to: '2027-01-23' });
    expect(screen.getByRole('button', { name: 'Feb 2027' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('takes a range of one’s own once both days are valid and in order', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness storage={memoryStorage().storage} onChange={onChange} />);
    await user.type(screen.getByLabelText('Dal'), '2026-11-10');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Al'), '2026-11-01');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('La data di inizio non può essere successiva a quella di fine.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Al'));
    await user.type(screen.getByLabelText('Al'), '2026-11-15');
    expect(onChange).toHaveBeenLastCalledWith({ choice: { kind: 'custom' }, from: '2026-11-10', to: '2026-11-15' });
  });

  it('picks up the range kept in session storage, and forgets it when removed', async () => {
    const user = userEvent.setup();
    const kept = { choice: { kind: 'quick', filter: 'tomorrow' }, from: '2026-11-21', to: '2026-11-21' };
    const { storage, data } = memoryStorage({ [DATE_FILTER_KEY]: JSON.stringify(kept) });
    const onChange = vi.fn();
    render(<Harness storage={storage} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith(kept);
    expect(screen.getByRole('button', { name: 'Domani' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Rimuovi il filtro' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(data.has(DATE_FILTER_KEY)).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('Nessun intervallo scelto');
  });
});
