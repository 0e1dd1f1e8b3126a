import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPID_PROVIDERS } from '../../../domain/identityProviders';
import { renderWithI18n } from '../../../ui/testing';
import { CieButton } from './CieButton';
import { SpidButton } from './SpidButton';

afterEach(cleanup);

function renderSpid(busy = false) {
  const onStart = vi.fn();
  const view = renderWithI18n(
    <>
      <SpidButton onStart={onStart} busy={busy} />
      <button type="button">Dopo</button>
    </>,
  );
  const toggle = screen.getByRole('button', { name: 'Entra con SPID' });
  return { onStart, toggle, view };
}

const list = () => screen.getByRole('list', { name: 'Gestori di identità SPID' });
/** The list once its code has arrived (it loads on intent: SpidPanel). */
const listShown = () => screen.findByRole('list', { name: 'Gestori di identità SPID' });

describe('SpidButton', () => {
  it('opens the list of every accredited provider with Enter, under the button it names', async () => {
    const user = userEvent.setup();
    const { toggle } = renderSpid();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(panel!.hidden).toBe(true);

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel!.hidden).toBe(false);
    const entries = within(await listShown()).getAllByRole('button');
    expect(entries).toHaveLength(12);
    for (const { name } of SPID_PROVIDERS) {
      const entry = within(list()).getByRole('button', { name: `Accedi con ${name}` });
      expect(entry.textContent).toBe(name);
    }
    for (const [name, href] of [
      ['Maggiori informazioni', 'https://www.spid.gov.it'],
      ['Non hai SPID?', 'https://www.spid.gov.it/cos-e-spid/come-attivare-spid/'],
      ['Serve aiuto?', 'https://www.spid.gov.it/serve-aiuto/'],
    ] as const) {
      const link = screen.getByRole('link', { name: new RegExp(`^${name.replace('?', '\\?')}\\s*\\(si apre in una nuova scheda\\)$`) });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('toggles with Space; arrows move through the entries and wrap; Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    const { toggle } = renderSpid();
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await listShown();

    await user.keyboard('{ArrowDown}');
    const entries = within(list()).getAllByRole('button');
    expect(document.activeElement).toBe(entries[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(entries[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first entry: the last link.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Serve aiuto\?/ }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(entries[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Serve aiuto\?/ }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(entries[0]);
    await user.tab();
    expect(document.activeElement).toBe(entries[1]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(entries[0]);

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('draws only the button until the list is wanted; pointed at, its list is ready before the click', async () => {
    vi.resetModules();
    vi.stubGlobal('requestIdleCallback', () => 0);
    try {
      const { SpidButton: Fresh } = await import('./SpidButton');
      const user = userEvent.setup();
      renderWithI18n(<Fresh onStart={vi.fn()} />);
      const toggle = screen.getByRole('button', { name: 'Entra con SPID' });
      await new Promise((done) => setTimeout(done, 50));
      expect(screen.queryByRole('list', { name: 'Gestori di identità SPID', hidden: true })).toBeNull();
      await user.hover(toggle);
      expect(await screen.findByRole('list', { name: 'Gestori di identità SPID', hidden: true })).toBeTruthy();
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens from the closed button with ArrowDown, on the first entry', async () => {
    const user = userEvent.setup();
    const { toggle } = renderSpid();
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(list()).getAllByRole('button')[0]);
  });

  it('starts SPID with the chosen provider', async () => {
    const user = userEvent.setup();
    const { toggle, onStart } = renderSpid();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Accedi con Poste ID' }));
    expect(onStart).toHaveBeenCalledExactlyOnceWith('spid', 'posteid');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on a click outside and when focus leaves it', async () => {
    const user = userEvent.setup();
    const { toggle } = renderSpid();
    await user.click(toggle);
    await user.click(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    // Up from the button: the last entry (the last link); Tab leaves the list.
    await user.keyboard('{ArrowUp}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dopo' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('waits while a sign-in is running', () => {
    const { toggle } = renderSpid(true);
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CieButton', () => {
  it('starts CIE in one click', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn();
    renderWithI18n(<CieButton onStart={onStart} />);
    await user.click(screen.getByRole('button', { name: 'Entra con CIE' }));
    expect(onStart).toHaveBeenCalledExactlyOnceWith('cie');
  });

  it('waits while a sign-in is running', () => {
    renderWithI18n(<CieButton onStart={vi.fn()} busy />);
    expect((screen.getByRole('button', { name: 'Entra con CIE' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
