import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './Badge';
import { Tabs, type TabItem } from './Tabs';

afterEach(cleanup);

const items: TabItem[] = [
  { value: '1', label: '1° periodo', content: <p>Voti del primo periodo</p> },
  { value: '2', label: '2° periodo', badge: <Badge count={2} label="nuovi" />, content: <p>Voti del secondo periodo</p> },
  { value: 'anno', label: 'Intero anno', content: <p>Voti dell'anno</p> },
];

describe('Tabs', () => {
  it('opens the first tab by default and works with the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Periodo" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Periodo' })).toBeTruthy();
    const first = screen.getByRole('tab', { name: '1° periodo' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Voti del primo periodo');
    // Hidden panels are not mounted: their content fetches and renders nothing.
    expect(screen.queryByText('Voti del secondo periodo')).toBeNull();
    await user.click(first);
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: '2° periodo 2 nuovi' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    // jsdom does not run Ark's select-on-focus frame; Enter chooses the focused tab everywhere.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(second.getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toBe('Voti del secondo periodo'));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Intero anno' })));
  });

  it('follows the value it is given and reports changes', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState('anno');
      return (
        <Tabs
          label="Periodo"
          items={items}
          value={value}
          onValueChange={(v) => {
            onValueChange(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'Intero anno' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: '1° periodo' }));
    expect(onValueChange).toHaveBeenLastCalledWith('1');
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toBe('Voti del primo periodo'));
  });
});
