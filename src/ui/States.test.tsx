import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AsyncContent, type AsyncResult } from './States';
import { renderWithI18n as render } from './testing';

afterEach(cleanup);

const list = (items: string[]) => (
  <ul>
    {items.map((i) => (
      <li key={i}>{i}</li>
    ))}
  </ul>
);

function show(query: AsyncResult<string[]>) {
  return render(
    <AsyncContent query={query} errorMessage={(e) => `Errore: ${(e as Error).message}`} isEmpty={(d) => d.length === 0} empty="Nessuna verifica">
      {list}
    </AsyncContent>,
  );
}

describe('AsyncContent', () => {
  it('shows a busy skeleton while loading', () => {
    show({ status: 'pending', data: undefined, error: null });
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Caricamento in corso…')).toBeTruthy();
  });

  it('shows the error with Riprova, which fetches again', async () => {
    const refetch = vi.fn();
    show({ status: 'error', data: undefined, error: new Error('rete assente'), refetch });
    expect(screen.getByRole('alert').textContent).toContain('Errore: rete assente');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Riprova' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for no data, and the data otherwise', () => {
    show({ status: 'success', data: [], error: null });
    expect(screen.getByRole('status').textContent).toBe('Nessuna verifica');
    expect(screen.queryByRole('list')).toBeNull();
    cleanup();
    show({ status: 'success', data: ['Verifica di storia'], error: null });
    expect(screen.getByRole('listitem').textContent).toBe('Verifica di storia');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes its own skeleton', () => {
    render(
      <AsyncContent query={{ status: 'pending', data: undefined, error: null }} errorMessage={String} skeleton={<p>Caricamento della pagella…</p>}>
        {() => null}
      </AsyncContent>,
    );
    expect(screen.getByText('Caricamento della pagella…')).toBeTruthy();
  });
});

describe('AsyncContent, states a part chooses', () => {
  it('shows nothing while loading when its skeleton is null', () => {
    const { container } = render(
      <AsyncContent query={{ status: 'pending', data: undefined, error: null }} errorMessage={String} skeleton={null}>
        {() => <p>dati</p>}
      </AsyncContent>,
    );
    expect(container.textContent).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failure its own way, with the message and the retry', async () => {
    const refetch = vi.fn();
    render(
      <AsyncContent
        query={{ status: 'error', data: undefined, error: new Error('rete assente'), refetch }}
        errorMessage={(e) => `Errore: ${(e as Error).message}`}
        failure={({ error, message, retry, retrying }) => (
          <p role="alert">
            {message} ({error instanceof Error ? 'Error' : 'altro'}, {retrying ? 'in corso' : 'fermo'}) <button onClick={retry}>Ancora</button>
          </p>
        )}
      >
        {() => null}
      </AsyncContent>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Errore: rete assente (Error, fermo)');
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ancora' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
