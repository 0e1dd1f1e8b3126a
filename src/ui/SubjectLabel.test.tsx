import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubjectLabel } from './SubjectLabel';

describe('SubjectLabel', () => {
  it('cuts a long name to 30 characters plus an ellipsis and keeps the full name for screen readers', () => {
    const name = 'Educazione civica e cittadinanza attiva';
    const { container } = render(<SubjectLabel name={name} />);
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('Educazione civica e cittadinan…');
    expect(screen.getByText(name, { selector: '.visually-hidden' })).toBeTruthy();
  });

  it('shows a short name as it is, with the subject colour', () => {
    const { container } = render(<SubjectLabel name="Fisica" subject={{ id: 4, ordinamento: 4 }} />);
    expect(container.textContent).toBe('Fisica');
    expect(container.querySelector('[data-color="4"]')).not.toBeNull();
  });
});
