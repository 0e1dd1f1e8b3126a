import type { FastifyInstance } from 'fastify';

/**
 * The browser-side defences of every answer (OWASP ASVS V3.4, V14.4), in one onSend hook so that
 * whatever serves the answer (the API, the static files, the SPA fallback, a page of its own) gets
 * them. A route that sets its own, stricter Content-Security-Policy (the demo identity provider's
 * page, a lesson's HTML) keeps it.
 *
 * Third-party origins are exactly what the checkout's providers document for their scripts, frames
 * and calls (README, "Security"): Stripe.js (card payments) and the Satispay web button (mobile
 * payments, production and staging). Nothing else may run, frame or be called.
 */
export const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
export const SATISPAY_ORIGINS = ['https://online.satispay.com', 'https://staging.online.satispay.com'];

export interface SecurityHeaderOptions {
  /**
   * `frame-ancestors` of the mobile pages (`/mobile/...`). The mobile app opens them as the top
   * document of a web view, which frame-ancestors does not restrict, so the default is `'none'`;
   * an app that shows them inside a frame of its own page names that page's origin here.
   */
  mobileFrameAncestors?: string;
  /** `Strict-Transport-Security` value, for a server reached over TLS directly (behind a TLS proxy, the proxy sends it). */
  hsts?: string;
  /**
   * Origins a form of the app may post to besides its own: the schools' enrolment portals (the
   * hand-over code is posted there). buildApp fills it from the schools' https addresses.
   */
  formActionOrigins?: readonly string[];
}

export function contentSecurityPolicy(options: { frameAncestors?: string; formActionOrigins?: readonly string[] } = {}): string {
  const frameAncestors = options.frameAncestors ?? "'none'";
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE.script, ...SATISPAY_ORIGINS],
    // Stylesheets are files; React's `style` props go through the CSSOM, which the policy allows.
    'style-src': ["'self'"],
    // blob: the student's photo and downloaded images; data: small inline images of the school's HTML.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...STRIPE.connect, ...SATISPAY_ORIGINS],
    // blob: the report card's PDF preview.
    'frame-src': ["'self'", 'blob:', ...STRIPE.frame, ...SATISPAY_ORIGINS],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...(options.formActionOrigins ?? [])],
    'frame-ancestors': [frameAncestors],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const isApi = (path: string): boolean => path === '/api' || path.startsWith('/api/');

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const { formActionOrigins } = options;
  const appPolicy = contentSecurityPolicy({ formActionOrigins });
  const mobilePolicy = contentSecurityPolicy({ frameAncestors: options.mobileFrameAncestors, formActionOrigins });
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const mobile = path === '/mobile' || path.startsWith('/mobile/');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', mobile ? mobilePolicy : appPolicy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    // For browsers older than frame-ancestors; a mobile page allowed in a frame must not be denied here.
    if (!(mobile && options.mobileFrameAncestors)) reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (options.hsts) reply.header('strict-transport-security', options.hsts);
    // Every API answer may carry a family's data: no cache (browser, proxy, back button) keeps it.
    if (isApi(path) && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
