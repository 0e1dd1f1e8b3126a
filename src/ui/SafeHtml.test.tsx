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
});
