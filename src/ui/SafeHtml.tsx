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

// A school's HTML stays inside its own box: no overlay over the page (a fake «sessione scaduta» over
// the real screen), nothing loaded or run from a style, and no data: URL (an inline document or SVG).
const PLACEMENT = /^(position|top|right|bottom|left|inset|z-index)$/i;
const STYLE_CODE = /url\s*\(|expression\s*\(|behavior|binding/i;
const URI_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'xlink:href', 'poster', 'action', 'formaction', 'background', 'cite', 'longdesc']);

/** A URL as the browser reads its scheme: spaces and control characters anywhere in it are dropped. */
const compact = (url: string) => [...url].filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase();

DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (URI_ATTRIBUTES.has(data.attrName) && compact(data.attrValue).startsWith('data:')) data.keepAttr = false;
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (!('style' in node) || !node.hasAttribute('style')) return;
  const style = (node as HTMLElement).style;
  for (const property of [...style]) {
    if (PLACEMENT.test(property) || STYLE_CODE.test(style.getPropertyValue(property))) style.removeProperty(property);
  }
  if (style.length === 0 || STYLE_CODE.test(node.getAttribute('style') ?? '')) node.removeAttribute('style');
});

// A message never needs a control: a lone password field or button is bait, even with its form gone.
const FORBIDDEN = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'template'];

/** Renders HTML that came from the school's server only after DOMPurify has removed scripts and handlers. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: FORBIDDEN }), [html]);
  // data-server-html marks what came from the server, for the XSS tests to inspect.
  return <div className={className} data-server-html="" dangerouslySetInnerHTML={{ __html: clean }} />;
}
