import createDOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * A sanitiser of this module's own: its hooks below are registered on it, not on DOMPurify's shared
 * instance, so no other code's hooks run here and a second copy of this module (tests that reset
 * their modules) cannot add hooks that read another copy's image rule.
 */
const DOMPurify = createDOMPurify(window);

/** Set only while one `sanitize` call runs (the hooks are global to DOMPurify). */
let keepRemoteImages = false;

/** An image address that leaves the portal: it would tell a third party who reads what, and when. */
function isRemote(src: string): boolean {
  if (/^(data|blob):/i.test(src)) return false;
  try {
    return new URL(src, window.location.href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG') {
    if (!keepRemoteImages && isRemote(node.getAttribute('src') ?? '')) {
      node.remove();
      return;
    }
    // Images in a school's HTML rarely carry a text alternative: mark them decorative rather than unlabelled.
    if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  }
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

// No data: URL (an inline document or SVG) except a raster picture in an image; the browser
// ignores spaces and control characters in a scheme, so they are ignored here too.
const URI_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'xlink:href', 'poster', 'action', 'formaction', 'background', 'cite', 'longdesc']);
const RASTER_IMAGE = /^data:image\/(png|jpeg|gif|webp)[;,]/;
const compact = (url: string) => [...url].filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase();

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (!URI_ATTRIBUTES.has(data.attrName)) return;
  const url = compact(data.attrValue);
  if (!url.startsWith('data:')) return;
  if (!(node.tagName === 'IMG' && data.attrName === 'src' && RASTER_IMAGE.test(url))) data.keepAttr = false;
});

// A message never needs a control: a lone password field or button is bait, even with its form gone.
const FORBIDDEN_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'template'];

/**
 * Event-handler attributes (`onerror=`, `onclick=`) renamed before the HTML is parsed at all: the
 * browser checks them against the Content-Security-Policy as soon as it parses them, even in the
 * sanitiser's inert document, and reports a violation for every hostile `onerror` a school's text
 * carries. Renamed, they are unknown attributes DOMPurify drops like any other; one this pattern
 * misses (a `>` inside an earlier attribute) is still removed by DOMPurify and blocked by the policy.
 */
const HANDLER_ATTRIBUTE = /(<[a-z][^>]*?[\s/"'])on([a-z]+\s*=)/gi;

function renameHandlers(html: string): string {
  let previous: string;
  let current = html;
  do {
    previous = current;
    current = current.replace(HANDLER_ATTRIBUTE, '$1x-removed-on$2');
  } while (current !== previous);
  return current;
}

function sanitizeNow(html: string, remoteImages: boolean): string {
  keepRemoteImages = remoteImages;
  try {
    return DOMPurify.sanitize(renameHandlers(html), { USE_PROFILES: { html: true }, FORBID_TAGS: FORBIDDEN_TAGS, FORBID_ATTR: ['style'] });
  } finally {
    keepRemoteImages = false;
  }
}

/**
 * Results already computed: DOMPurify reads its configuration again on every call, and a list shows
 * the same texts on every visit (/voti: a comment per grade). The result depends only on
 * the text and the image rule, so it is reused; bounded, the map is emptied when full.
 */
const sanitized = new Map<string, string>();
const SANITIZED_KEPT = 500;

function sanitize(html: string, remoteImages: boolean): string {
  const key = (remoteImages ? '1' : '0') + html;
  let clean = sanitized.get(key);
  if (clean === undefined) {
    clean = sanitizeNow(html, remoteImages);
    if (sanitized.size >= SANITIZED_KEPT) sanitized.clear();
    sanitized.set(key, clean);
  }
  return clean;
}

/**
 * Renders HTML that came from the school's server only after DOMPurify has removed scripts,
 * handlers, inline styles (the Content-Security-Policy refuses them, and they would override the
 * portal's contrast and sizes) and images from other sites. `remoteImages` is for a field the
 * contract says may carry them.
 */
export function SafeHtml({ html, className, remoteImages = false }: { html: string; className?: string; remoteImages?: boolean }) {
  const markup = MARKUP.test(html);
  const clean = useMemo(() => (markup ? sanitize(html, remoteImages) : ''), [markup, html, remoteImages]);
  // data-server-html marks what came from the server, for the XSS tests to inspect.
  if (!markup) {
    return (
      <div className={className} data-server-html="">
        {html}
      </div>
    );
  }
  return <div className={className} data-server-html="" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/**
 * Without `<` or `&` a text holds no tag and no entity: React writes it as text, and the sanitiser is
 * not needed (most grade comments and message previews; /voti's render budget).
 */
const MARKUP = /[<&]/;
