/**
 * Binds a mobile page's code to the app that asked for it (docs/mobile.md): the
 * app keeps a random verifier, sends only its SHA-256 with the code request, and hands the verifier
 * to its web view outside the address, as a global set before the page's content loads
 * (`window.PortaleFamiglieApp = { verificatore }`). A link with the code alone, forwarded to
 * someone, reaches a browser without it, and the exchange is refused.
 */
const VERIFIER = /^[A-Za-z0-9_-]{43,128}$/;

interface AppBridge {
  verificatore?: unknown;
}

/**
 * The verifier the app handed over, once: it is forgotten as soon as it is read, so no later script
 * of the page finds it. Null when the page was not opened by the app (or the value is malformed).
 */
export function takeAppVerifier(global: { PortaleFamiglieApp?: AppBridge } = window as { PortaleFamiglieApp?: AppBridge }): string | null {
  const bridge = global.PortaleFamiglieApp;
  const verifier = bridge?.verificatore;
  if (bridge && typeof bridge === 'object') delete bridge.verificatore;
  return typeof verifier === 'string' && VERIFIER.test(verifier) ? verifier : null;
}
