import { isEmptyDraft, toComposerDraft, type ComposerDraft, type ComposerVersion } from '../domain/drafts';
import type { StudentScope } from '../domain/student';
import { privateKey, readJson, remove, write, type KeyValueStorage } from '../domain/tabStorage';

/**
 * Message drafts in the tab's session storage: a message being written survives a reload, and
 * sign-out or a student switch removes it with the tab's other private keys (domain/tabStorage).
 * Storage is passed in (the tab's session storage by default), so tests use their own.
 */

/** Where a draft waits: per student, thread (or a new message), year and messenger version. */
export const draftKey = (scope: Pick<StudentScope, 'id_studente' | 'anno'>, threadId: string | undefined, version: ComposerVersion) =>
  privateKey('bozza', scope.id_studente, threadId ?? 'nuovo', scope.anno, version);

/** The draft kept under a key, or null when there is none or what is there is not a draft. */
export const readDraft = (key: string, storage: KeyValueStorage = sessionStorage): ComposerDraft | null => toComposerDraft(readJson(storage, key));

/** Whether a draft waits under this key (the messenger opens its composer then). */
export const hasDraft = (key: string, storage: KeyValueStorage = sessionStorage) => readDraft(key, storage) !== null;

/** Keeps the draft as it is written; an empty one is removed, so it does not reopen the composer. */
export function keepDraft(key: string, draft: ComposerDraft, storage: KeyValueStorage = sessionStorage) {
  if (isEmptyDraft(draft)) remove(storage, key);
  else write(storage, key, draft);
}

/** The message was sent: its draft is gone. */
export const dropDraft = (key: string, storage: KeyValueStorage = sessionStorage) => remove(storage, key);
