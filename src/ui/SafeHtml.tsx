import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Images in a school's HTML rarely carry a text alternative: mark them decorative rather than unlabelled.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Renders HTML that came from the school's server only after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
