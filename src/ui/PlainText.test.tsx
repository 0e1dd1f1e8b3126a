import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { htmlToParagraphs, PlainText } from './PlainText';

describe('PlainText', () => {
  it('keeps the text of each block and nothing else', () => {
    const html = '<p>Le credenziali sono consegnate dalla segreteria. <strong>Non comunicarle.</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><p>Grazie</p>';
    expect(htmlToParagraphs(html)).toEqual(['Le credenziali sono consegnate dalla segreteria. Non comunicarle.', 'Grazie']);
    const { container } = render(<PlainText html={html} />);
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('img, script, strong')).toBeNull();
  });

  it('handles text without blocks and empty input', () => {
    expect(htmlToParagraphs('Solo testo &amp; basta')).toEqual(['Solo testo & basta']);
    expect(htmlToParagraphs('')).toEqual([]);
  });
});
