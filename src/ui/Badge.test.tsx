import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './Badge';

afterEach(cleanup);

describe('Badge', () => {
  it('reads a count with what it counts, and caps what it shows', () => {
    const { container } = render(
      <p>
        Comunicazioni <Badge tone="info" count={3} label="non lette" />
      </p>,
    );
    expect(screen.getByText('3 non lette').className).toBe('visually-hidden');
    expect(screen.getByText('3').getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('[class*="info"]')).toBeTruthy();
    cleanup();
    render(<Badge tone="danger" count={120} label="da leggere" />);
    expect(screen.getByText('99+').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('120 da leggere')).toBeTruthy();
  });

  it('shows a word with its tone', () => {
    render(<Badge tone="warning">Scaduto</Badge>);
    const badge = screen.getByText('Scaduto');
    expect(badge.className).toMatch(/warning/);
    expect(badge.className).not.toMatch(/count/);
  });
});
