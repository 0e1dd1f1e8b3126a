import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('removes scripts and event handlers but keeps formatting', () => {
    const { container } = render(<SafeHtml html={'<b>Bravo</b><img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(container.querySelector('b')?.textContent).toBe('Bravo');
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('script')).toBeNull();
  });

  it('marks images without a text alternative as decorative and opens links safely', () => {
    const { container } = render(<SafeHtml html={'<img src="/logo.png"><a href="https://scuola.example">sito</a>'} />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
