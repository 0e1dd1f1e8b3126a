import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Menu, MENU_SEPARATOR, type MenuReplay } from './Menu';
import styles from './Menu.module.css';
import { MenuWidget } from './MenuWidget';

// The menu's positioner watches sizes; jsdom has no layout, so a watcher that never fires will do.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

function renderMenu() {
  const password = vi.fn();
  const signOut = vi.fn();
  const student = vi.fn();
  render(
    <Menu
      trigger={
        <>
          <span className="visually-hidden">Menu utente: </span>Maria Rossi
        </>
      }
      entries={[
        { value: 'password', label: 'Cambia password', onSelect: password },
        { value: 'iscrizioni', label: 'Portale iscrizioni', onSelect: vi.fn(), disabled: true },
        { group: 'Altri studenti', items: [{ value: 'luca', label: 'Luca Rossi', onSelect: student }] },
        MENU_SEPARATOR,
        { value: 'esci', label: 'Esci', onSelect: signOut },
      ]}
    />,
  );
  return { password, signOut, student };
}

describe('Menu', () => {
  it('opens from its button and runs the chosen item', async () => {
    const user = userEvent.setup();
    const { password, signOut } = renderMenu();
    const trigger = screen.getByRole('button', { name: /Menu utente:.*Maria Rossi/ });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    // Until the menu's code has loaded the button is a plain one: a click on it (here without a
    // pointer passing over it first, which would start the load) is replayed once the code is in.
    fireEvent.click(trigger);
    expect(await screen.findByRole('menuitem', { name: 'Cambia password' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Menu utente:.*Maria Rossi/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Altri studenti' })).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Esci' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(password).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('works with the keyboard alone, skipping disabled items', async () => {
    const user = userEvent.setup();
    const { student } = renderMenu();
    screen.getByRole('button', { name: /Maria Rossi/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Cambia password' }).hasAttribute('data-highlighted')).toBe(true));
    expect(screen.getByRole('menuitem', { name: 'Portale iscrizioni' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Luca Rossi' }).hasAttribute('data-highlighted')).toBe(true);
    await user.keyboard('{Enter}');
    expect(student).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and gives focus back to its button', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const { signOut } = renderMenu();
    const trigger = screen.getByRole('button', { name: /Maria Rossi/ });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    // Ark moves focus into the menu on a later frame: Escape pressed before that reaches the button.
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true), { timeout: 4000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(document.activeElement).toBe(trigger), { timeout: 4000 });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('offers a choice as checked radio items, reached and changed with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const signOut = vi.fn();
    render(
      <Menu
        trigger="Menu utente"
        entries={[
          {
            choice: 'Tema',
            name: 'tema',
            value: 'auto',
            options: [
              { value: 'auto', label: 'Automatico' },
              { value: 'dark', label: 'Scuro' },
            ],
            onChange,
          },
          // Same value as an option of the choice: the choice's name keeps them apart.
          { value: 'dark', label: 'Esci', onSelect: signOut },
        ]}
      />,
    );
    screen.getByRole('button', { name: /Menu utente/ }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Tema' })).toBeTruthy();
    const auto = screen.getByRole('menuitemradio', { name: 'Automatico' });
    await waitFor(() => expect(auto.hasAttribute('data-highlighted')).toBe(true));
    expect(auto.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Scuro' }).getAttribute('aria-checked')).toBe('false');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('dark');
    expect(signOut).not.toHaveBeenCalled();
  });
});

describe('MenuWidget, arriving after a press on the plain button', () => {
  const entries = [
    { value: 'password', label: 'Cambia password', onSelect: vi.fn() },
    { value: 'esci', label: 'Esci', onSelect: vi.fn() },
  ];
  const renderAfter = (replay: MenuReplay) => {
    const takeReplay = vi.fn(() => replay);
    render(<MenuWidget trigger="Menu utente" entries={entries} takeReplay={takeReplay} styles={styles} />);
    return takeReplay;
  };

  it('replays a key that opens it: the button focused at once, then the first item highlighted and the focus in the menu', async () => {
    renderAfter({ focused: true, press: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Menu utente/ }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Cambia password' }).hasAttribute('data-highlighted')).toBe(true));
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true), { timeout: 4000 });
  });

  it('replays a click: open, and the focus back on its button when closed with Escape', async () => {
    const user = userEvent.setup();
    renderAfter({ focused: true, press: 'click' });
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true), { timeout: 4000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Menu utente/ })), { timeout: 4000 });
  });

  it('takes the focus the plain button had as it mounts (a key pressed next reaches it), and opens nothing without a press', () => {
    const takeReplay = renderAfter({ focused: true, press: null });
    // No waiting: between the swap and a later task a key would have gone to the page.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Menu utente/ }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(takeReplay).toHaveBeenCalledTimes(1);
  });

  it('leaves the focus where it is when the plain button did not have it', () => {
    renderAfter({ focused: false, press: null });
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('Menu, its code arriving while the page is busy', () => {
  const entries = [{ value: 'password', label: 'Cambia password', onSelect: vi.fn() }];
  type ActFlag = { IS_REACT_ACT_ENVIRONMENT?: boolean };

  /**
   * A fresh Menu module (its code not loaded yet) drawn outside act(), as in a browser: React draws
   * and runs effects in tasks of its own, between which the code may arrive and the user may act.
   */
  async function drawOutsideAct(onDrawn?: (load: () => Promise<unknown>) => void) {
    vi.resetModules();
    const { Menu: FreshMenu, loadMenu } = await import('./Menu');
    await import('./MenuWidget');
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    const actFlag = (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = false;
    // Called as the plain button is put in the page, before the task that runs the effects.
    const drawn = new MutationObserver(() => {
      drawn.disconnect();
      onDrawn?.(loadMenu);
    });
    drawn.observe(container, { childList: true, subtree: true });
    root.render(<FreshMenu trigger="Menu utente" entries={entries} />);
    await waitFor(() => expect(container.querySelector('button')).not.toBeNull());
    onTestFinished(() => {
      root.unmount();
      container.remove();
      (globalThis as ActFlag).IS_REACT_ACT_ENVIRONMENT = actFlag;
    });
    return { container, loadMenu };
  }

  it('is swapped in the task its code arrives in, the focus handed to the real button: no key can fall between', async () => {
    const { container, loadMenu } = await drawOutsideAct();
    const plain = container.querySelector('button')!;
    plain.focus();
    await loadMenu();
    const trigger = container.querySelector('button')!;
    expect(trigger).not.toBe(plain);
    expect(trigger.id).toMatch(/menu/);
    expect(document.activeElement).toBe(trigger);
  });

  it('swaps in a menu whose code arrived after it was drawn and before its effects ran', async () => {
    let arrival: Promise<unknown> | undefined;
    const { container } = await drawOutsideAct((load) => {
      arrival = load();
    });
    await arrival;
    await waitFor(() => expect(container.querySelector('button')?.id).toMatch(/menu/));
  });
});
