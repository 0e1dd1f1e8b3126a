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

/** The query parameters a sign-in's outcome travels in back to the portal. */
export type OutcomeParameter = 'spid' | 'spid_errore' | 'cie' | 'cie_errore';
const OUTCOME_PARAMETERS: readonly OutcomeParameter[] = ['spid', 'spid_errore', 'cie', 'cie_errore'];

/**
 * `path` with one outcome parameter set (`spid=<code>`, `spid_errore=annullato|fallito`, the same
 * for `cie`) and any other outcome parameter removed.
 */
export function withOutcome(path: string, name: OutcomeParameter, value: string): string {
  const url = new URL(path, BASE);
  for (const other of OUTCOME_PARAMETERS) url.searchParams.delete(other);
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
