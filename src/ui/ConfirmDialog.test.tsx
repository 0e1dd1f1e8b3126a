import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { renderWithI18n as render } from './testing';

afterEach(cleanup);

// Ark's dialog opens, traps and restores focus across animation frames: slow on a busy machine.
const SLOW = { timeout: 4000 };

// jsdom lays nothing out, so the focus trap would find no visible element to focus: give every element a size.
const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth')!;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 100 });
});
afterAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
});

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({ onConfirm, tone, error }: { onConfirm: () => void | Promise<unknown>; tone?: 'danger'; error?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Annulla la prenotazione</Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Annullare la prenotazione?"
        message="La prenotazione del 21-11-2026 sarà cancellata."
        confirmLabel="Sì, annulla"
        cancelLabel="No, mantienila"
        busyLabel="Annullamento in corso…"
        tone={tone}
        error={error}
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, stays busy while the action runs, closes when it succeeds and gives focus back', async () => {
    const user = userEvent.setup();
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    render(<Harness onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Annulla la prenotazione' });
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Annullare la prenotazione?' }, SLOW);
    expect(dialog.textContent).toContain('La prenotazione del 21-11-2026 sarà cancellata.');

    await user.click(screen.getByRole('button', { name: 'Sì, annulla' }));
    const busyButton = screen.getByRole('button', { name: 'Annullamento in corso…' });
    expect(busyButton.getAttribute('aria-disabled')).toBe('true');
    await user.click(busyButton);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'No, mantienila' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    action.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    await waitFor(() => expect(document.activeElement).toBe(trigger), SLOW);
  }, 15_000);

  it('stays open when the action fails, showing why, and can be cancelled', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={() => Promise.reject(new Error('rete'))} error="Non è stato possibile annullare la prenotazione" />);
    await user.click(screen.getByRole('button', { name: 'Annulla la prenotazione' }));
    await user.click(await screen.findByRole('button', { name: 'Sì, annulla' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sì, annulla' }).hasAttribute('aria-disabled')).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe('Non è stato possibile annullare la prenotazione');
    await user.click(screen.getByRole('button', { name: 'No, mantienila' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
  });

  it('starts on cancel, so Enter does not confirm a dangerous action, and Escape cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} tone="danger" />);
    await user.click(screen.getByRole('button', { name: 'Annulla la prenotazione' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No, mantienila' })));
    expect(screen.getByRole('button', { name: 'Sì, annulla' }).className).toMatch(/danger/);
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sì, annulla' }));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('uses its own words for cancel and busy when none are given', async () => {
    const user = userEvent.setup();
    const action = deferred();
    render(
      <ConfirmDialog open onClose={() => {}} title="Confermi?" message="Testo" confirmLabel="Conferma" onConfirm={() => action.promise} />,
    );
    expect(await screen.findByRole('button', { name: 'Annulla' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(screen.getByRole('button', { name: 'Attendere…' })).toBeTruthy();
    action.resolve();
  });
});
