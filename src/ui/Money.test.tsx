import { cleanup, render, screen } from '@testing-library/react';
import { Temporal } from '../domain/temporal';
import { afterEach, describe, expect, it } from 'vitest';
import { DateText, DateTimeText, TimeText } from './DateTime';
import { Money } from './Money';

afterEach(cleanup);

const text = (el: Element) => el.textContent?.replace(/\s/gu, ' ');

describe('Money', () => {
  it('shows euros in it-IT with two decimals', () => {
    const { container } = render(<Money amount={12345.5} />);
    expect(text(container.firstElementChild!)).toBe('12.345,50 €');
    expect(container.firstElementChild!.className).not.toMatch(/debit|credit/);
  });

  it('signs and colours a balance only when asked', () => {
    const { container } = render(
      <>
        <Money amount={-20} tone="auto" />
        <Money amount={15} signed tone="auto" />
        <Money amount={0} signed tone="auto" />
      </>,
    );
    const [debit, credit, zero] = Array.from(container.children);
    expect(text(debit!)).toBe('-20,00 €');
    expect(debit!.className).toMatch(/debit/);
    expect(text(credit!)).toBe('+15,00 €');
    expect(credit!.className).toMatch(/credit/);
    expect(text(zero!)).toBe('0,00 €');
    expect(zero!.className).not.toMatch(/debit|credit/);
  });
});

describe('date and time display', () => {
  it('renders <time> with the school day, time and moment', () => {
    render(
      <>
        <DateText value="2026-11-20T23:30:00Z" />
        <TimeText value="08:05:00" />
        <DateTimeText value={Temporal.Instant.from('2026-07-21T07:00:00Z')} />
      </>,
    );
    const date = screen.getByText('21-11-2026');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2026-11-21');
    expect(screen.getByText('08:05').getAttribute('datetime')).toBe('08:05');
    expect(screen.getByText('21-07-2026 09:00').getAttribute('datetime')).toBe('2026-07-21T09:00:00+02:00');
  });
});
