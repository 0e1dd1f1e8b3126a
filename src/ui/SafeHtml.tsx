import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Renders HTML that came from the school's server only after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
