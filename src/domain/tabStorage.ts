/**
 * The tab's session storage as the portal uses it (docs/product.md#sign-in-and-session): its keys and forgiving reads and
 * writes. Storage is passed in, so the rules run the same in tests and in the browser.
 */
export const NAVIGATION_STATE_KEY = 'portale-famiglie.navigazione';
export const DATE_FILTER_KEY = 'portale-famiglie.filtro-date';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** A full or blocked storage (private browsing, quota) must never stop a navigation. */
export function write(storage: KeyValueStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the state is a convenience, the portal works without it.
  }
}

export function remove(storage: KeyValueStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}

export { isRecord } from './values';

/**
 * Keys under this prefix hold a signed-in user's unfinished work in the tab (message drafts, the
 * cart, a payment waiting for its outcome). They belong to one user and one student: sign-out and a
 * student or year switch remove them all at once, so nothing reaches the next user or student.
 */
export const PRIVATE_PREFIX = 'portale-famiglie.privato.';

/** A private key: its name, then the parts that scope it (student, year, thread…). */
export const privateKey = (name: string, ...scope: (string | number)[]) => [PRIVATE_PREFIX + name, ...scope].join('.');

export function clearPrivate(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>) {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PRIVATE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  } catch {
    // A blocked storage holds nothing to clear.
  }
}
