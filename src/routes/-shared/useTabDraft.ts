import { useCallback, useEffect, useState } from 'react';
import { readJson, remove, write } from '../../domain/tabStorage';

/**
 * A form's typed input kept in the tab's session storage under a private key (domain/tabStorage.ts),
 * so that a failed send or a reload loses no word (README "Reliability"). Only what the person typed
 * or chose goes there, never a token or card data; sign-out and a student switch remove every
 * private key (clearPrivate), and the form clears its own on success (`clear`).
 *
 * `read` checks what storage holds (it may be from an older portal, or tampered with): null when it
 * is not a draft of this form, which then starts from `empty`.
 */
export function useTabDraft<T>(key: string, empty: T, read: (raw: unknown) => T | null, isEmpty: (value: T) => boolean) {
  const [value, setValue] = useState<T>(() => read(readJson(sessionStorage, key)) ?? empty);
  useEffect(() => {
    if (isEmpty(value)) remove(sessionStorage, key);
    else write(sessionStorage, key, value);
  }, [key, value, isEmpty]);
  const clear = useCallback(() => {
    remove(sessionStorage, key);
    setValue(empty);
  }, [key, empty]);
  return [value, setValue, clear] as const;
}
