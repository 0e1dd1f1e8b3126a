import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSheet } from './FilterSheet';
import { renderWithI18n, windowOf } from './testing';

const filter = (
  <label>
    Materia
    <select defaultValue="">
      <option value="">Tutte le materie</option>
      <option value="1">Matematica</option>
    </select>
  </label>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FilterSheet', () => {
  it('shows the filter as it is on a wide window, without a button', () => {
    windowOf(1280);
    renderWithI18n(<FilterSheet summary="Tutte le materie">{filter}</FilterSheet>);
    expect(screen.getByLabelText('Materia')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on a phone, is one button saying the choice; it opens the filter in a dialog, Escape closes it and focus returns', async () => {
    windowOf(360);
    const user = userEvent.setup();
    renderWithI18n(
      <FilterSheet summary="Ultimi 30 giorni" aside={<p>9 elementi</p>}>
        {filter}
      </FilterSheet>,
    );
    const button = screen.getByRole('button', { name: 'Filtri: Ultimi 30 giorni' });
    expect(screen.getByText('9 elementi')).toBeTruthy();
    // Closed, the filter is not drawn at all: the list's first visit pays for the list only.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Materia', { selector: 'select' })).toBeNull();
    await user.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filtri' });
    expect(screen.getByRole('combobox', { name: 'Materia' })).toBeTruthy();
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    await waitFor(() => expect(screen.queryByLabelText('Materia', { selector: 'select' })).toBeNull());
  });

  it('closes with «Mostra i risultati»', async () => {
    windowOf(360);
    const user = userEvent.setup();
    renderWithI18n(
      <FilterSheet summary="Intero anno" title="Periodo">
        {filter}
      </FilterSheet>,
    );
    await user.click(screen.getByRole('button', { name: 'Filtri: Intero anno' }));
    await screen.findByRole('dialog', { name: 'Periodo' });
    await user.click(screen.getByRole('button', { name: 'Mostra i risultati' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
