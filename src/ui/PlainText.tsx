/**
 * Server HTML shown as plain paragraphs: parsed by an inert DOMParser (no scripts run, nothing
 * loads) and only its text is rendered, one paragraph per block. For short notices where the
 * formatting does not matter, this is the strictest sanitising there is and needs no library —
 * which keeps DOMPurify off /login (its JavaScript budget is 150 KB gzip).
 */
const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, div:not(:has(p, li, div))';

export function htmlToParagraphs(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = [...doc.body.querySelectorAll(BLOCKS)].map((el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? '');
  const paragraphs = blocks.filter(Boolean);
  if (paragraphs.length > 0) return paragraphs;
  const text = doc.body.textContent?.replace(/\s+/g, ' ').trim();
  return text ? [text] : [];
}

export function PlainText({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      {htmlToParagraphs(html).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
