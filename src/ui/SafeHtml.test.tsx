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

  it('drops data: URLs, and styles that escape the box or load something, keeping harmless ones', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<img src="data:image/svg+xml;base64,PHN2Zy8+"><a href=" data:text/html,x">a</a>' +
          '<div id="o" style="position:fixed;inset:0;z-index:9999;color:red">Sessione scaduta</div>' +
          '<p id="u" style="background:url(https://evil.example/t.png)">traccia</p><p id="k" style="text-align:center">ok</p>'
        }
      />,
    );
    expect(container.querySelector('img')?.hasAttribute('src')).toBe(false);
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
    const overlay = container.querySelector<HTMLElement>('#o');
    expect(overlay?.style.position).toBe('');
    expect(overlay?.style.zIndex).toBe('');
    expect(overlay?.style.top).toBe('');
    expect(overlay?.style.color).toBe('red');
    expect(container.querySelector('#u')?.getAttribute('style') ?? '').not.toContain('url(');
    expect(container.querySelector<HTMLElement>('#k')?.style.textAlign).toBe('center');
    expect(container.querySelector('[data-server-html]')).not.toBeNull();
  });

  it('drops form controls, which a message never needs', () => {
    const { container } = render(<SafeHtml html={'<label>Password <input type="password"></label><button>Accedi</button><select><option>a</option></select><textarea>x</textarea><template><b>t</b></template>'} />);
    expect(container.querySelector('input, button, select, option, textarea, template')).toBeNull();
    expect(container.textContent).toContain('Password');
  });
});
