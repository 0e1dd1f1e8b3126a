import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneLine, RowList, type RowParts } from './RowList';
import { windowOf } from './testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Message {
  id: number;
  title: string;
  date: string;
  sender: string;
  unread: boolean;
  body: string;
}

const messages: Message[] = [
  { id: 1, title: 'Uscita didattica', date: '12-11-2026', sender: 'Segreteria', unread: true, body: 'Il 20 novembre…' },
  { id: 2, title: 'Orario provvisorio', date: '02-11-2026', sender: 'Dirigente', unread: false, body: '' },
];

const row = (m: Message): RowParts => ({
  title: m.title,
  meta: [m.date, m.sender],
  end: m.unread ? 'Da leggere' : null,
  details: m.body ? (
    <>
      <p>{m.body}</p>
      <button type="button">Presa visione</button>
    </>
  ) : null,
});

function List({ onDesktop = <p>le schede</p> }: { onDesktop?: ReactNode }) {
  return (
    <RowList items={messages} itemKey={(m) => m.id} row={row} label="Comunicazioni ricevute" itemAttributes={(m) => ({ 'data-id': m.id })}>
      {onDesktop}
    </RowList>
  );
}

describe('RowList', () => {
  it('shows its children on a wide window, as before', () => {
    windowOf(1280);
    render(<List />);
    expect(screen.getByText('le schede')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a named list on a phone, one item per row, its line the title then the second line', () => {
    windowOf(360);
    render(<List />);
    expect(screen.queryByText('le schede')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Comunicazioni ricevute' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('data-id')).toBe('1');
    const line = within(items[0]!).getByRole('button');
    expect(line.textContent).toBe('Uscita didattica12-11-2026SegreteriaDa leggere');
  });

  it('opens an item in place on its details and actions, and closes it (aria-expanded)', () => {
    windowOf(360);
    render(<List />);
    const first = screen.getAllByRole('listitem')[0]!;
    const line = within(first).getByRole('button');
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryByRole('button', { name: 'Presa visione' })).toBeNull();
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(line.getAttribute('aria-controls')!)!;
    expect(within(details).getByRole('button', { name: 'Presa visione' })).toBeTruthy();
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryByText('Il 20 novembre…')).toBeNull();
  });

  it('has no button on an item with nothing more to show', () => {
    windowOf(360);
    render(<List />);
    const second = screen.getAllByRole('listitem')[1]!;
    expect(within(second).queryByRole('button')).toBeNull();
    expect(second.textContent).toContain('Orario provvisorio');
  });

  it('opens an item elsewhere with onOpen, marking the current one', () => {
    windowOf(360);
    const opened: number[] = [];
    render(
      <RowList items={messages} itemKey={(m) => m.id} label="Conversazioni" row={(m) => ({ title: m.title, meta: <OneLine>{m.body}</OneLine>, onOpen: () => opened.push(m.id), current: m.id === 2 })}>
        {null}
      </RowList>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const line = within(first!).getByRole('button');
    expect(line.hasAttribute('aria-expanded')).toBe(false);
    fireEvent.click(line);
    expect(opened).toEqual([1]);
    expect(within(second!).getByRole('button').getAttribute('aria-current')).toBe('true');
    expect(line.hasAttribute('aria-current')).toBe(false);
  });
});
