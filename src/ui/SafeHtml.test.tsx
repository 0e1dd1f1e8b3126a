import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('removes scripts and event handlers but keeps formatting', () => {
    const { container } = render(<SafeHtml html={'<b>Bravo</b><img src=x onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(container.querySelector('b')?.textContent).toBe('Bravo');
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('script')).toBeNull();
  });

  it('writes a text without tags or entities as it is, and still sanitises one with a lone "<"', () => {
    const plain = render(<SafeHtml html={'Bene, ma ripassa > 3 capitoli "subito"'} />).container;
    expect(plain.querySelector('[data-server-html]')?.textContent).toBe('Bene, ma ripassa > 3 capitoli "subito"');
    const mixed = render(<SafeHtml html={'a < b <img src=x onerror="alert(1)"> &amp; c'} />).container;
    expect(mixed.innerHTML).not.toContain('onerror');
    expect(mixed.textContent).toBe('a < b  & c');
  });

  it('marks images without a text alternative as decorative and opens links safely', () => {
    const { container } = render(<SafeHtml html={'<img src="/logo.png"><a href="https://scuola.example">sito</a>'} />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops data: URLs but raster pictures, and every style (an overlay, a tracker)', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<img id="s" src="data:image/svg+xml;base64,PHN2Zy8+"><a href=" data:text/html,x">a</a>' +
          '<div id="o" style="position:fixed;inset:0;z-index:9999;color:red">Sessione scaduta</div>' +
          '<p id="u" style="background:url(https://evil.example/t.png)">traccia</p>'
        }
      />,
    );
    expect(container.querySelector('#s')?.hasAttribute('src')).toBe(false);
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(container.querySelector('#o')?.hasAttribute('style')).toBe(false);
    expect(container.querySelector('#u')?.hasAttribute('style')).toBe(false);
    expect(container.querySelector('[data-server-html]')).not.toBeNull();
  });

  it('drops form controls, which a message never needs', () => {
    const { container } = render(<SafeHtml html={'<label>Password <input type="password"></label><button>Accedi</button><select><option>a</option></select><textarea>x</textarea><template><b>t</b></template>'} />);
    expect(container.querySelector('input, button, select, option, textarea, template')).toBeNull();
    expect(container.textContent).toContain('Password');
  });
});

describe('SafeHtml and the Content-Security-Policy', () => {
  it('drops style attributes and images from other sites, keeps same-origin and inline ones', () => {
    const html =
      '<p style="color:red">Testo</p><img src="https://tracker.example/p.gif"><img src="//cdn.example/a.png">' +
      '<img src="/logo.png" alt="Logo"><img src="data:image/png;base64,AAAA">';
    const { container } = render(<SafeHtml html={html} />);
    expect(container.querySelector('p')?.textContent).toBe('Testo');
    expect(container.querySelector('[style]')).toBeNull();
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['/logo.png', 'data:image/png;base64,AAAA']);
  });

  it('never hands an event-handler attribute to the parser (the policy would report each one), nor keeps it', () => {
    const parsed: string[] = [];
    const parse = DOMParser.prototype.parseFromString;
    DOMParser.prototype.parseFromString = function (this: DOMParser, markup: string, type: DOMParserSupportedType) {
      parsed.push(markup);
      return parse.call(this, markup, type);
    };
    try {
      const { container } = render(
        <SafeHtml html={'<img src="/a.png" onerror="alert(1)"><b ONCLICK = "x()" onmouseover=y()>Bravo</b><p title="on=1">onload=testo</p>'} />,
      );
      expect(parsed.length).toBeGreaterThan(0);
      expect(parsed.join('')).not.toMatch(/\son(error|click|mouseover)\s*=/i);
      expect(container.innerHTML).not.toMatch(/on(error|click|mouseover)|x-removed/i);
      expect(container.querySelector('b')?.textContent).toBe('Bravo');
      expect(container.querySelector('p')?.textContent).toBe('onload=testo');
      expect(container.querySelector('p')?.getAttribute('title')).toBe('on=1');
    } finally {
      DOMParser.prototype.parseFromString = parse;
    }
  });

  it('keeps remote images when the field may carry them, and only for that field', () => {
    const html = '<img src="https://scuola.example/foto.jpg">';
    const { container } = render(
      <>
        <SafeHtml html={html} remoteImages />
        <SafeHtml html={html} />
      </>,
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('keeps its image rule when a second copy of the module is loaded (a test that resets its modules)', async () => {
    vi.resetModules();
    const { SafeHtml: Second } = await import('./SafeHtml');
    const html = '<img src="https://scuola.example/altra.jpg">';
    const { container } = render(
      <>
        <Second html={html} />
        <SafeHtml html={html} remoteImages />
      </>,
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});
