/** Where the identity provider may send the browser back to: a path of the portal, never another origin. */
const BASE = 'http://portale.invalid';
export const DEFAULT_RETURN_PATH = '/login';
const MAX_LENGTH = 300;

/**
 * The normalised path (percent-encoded, with query and fragment) when `raw` is a same-origin
 * relative path such as `/login`; undefined for anything else (`//host`, `/\host`, `https:…`,
 * `javascript:…`, spaces or control characters). Missing or empty means `/login`.
 */
export function safeReturnPath(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return DEFAULT_RETURN_PATH;
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return undefined;
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(raw) || /[\\\s\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  return url.pathname + url.search + url.hash;
}

/** `path` with one query parameter set (and the other outcome's parameter removed). */
export function withOutcome(path: string, name: 'spid' | 'spid_errore', value: string): string {
  const url = new URL(path, BASE);
  url.searchParams.delete(name === 'spid' ? 'spid_errore' : 'spid');
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
