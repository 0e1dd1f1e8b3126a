import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPrivate, privateKey } from '../../domain/tabStorage';
import { useTabDraft } from './useTabDraft';

interface Typed {
  text: string;
}
const EMPTY: Typed = { text: '' };
const read = (raw: unknown): Typed | null =>
  typeof raw === 'object' && raw !== null && typeof (raw as Typed).text === 'string' ? { text: (raw as Typed).text } : null;
const isEmpty = (t: Typed) => t.text === '';
const KEY = privateKey('prova', 501, '2026_2027');

describe('useTabDraft: what is typed survives a failure and a reload', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps what is typed in the tab and gives it back after a reload', () => {
    const first = renderHook(() => useTabDraft(KEY, EMPTY, read, isEmpty));
    act(() => first.result.current[1]({ text: 'Febbre e mal di gola.' }));
    first.unmount();
    // A reload: a new page reads the tab's storage again.
    const second = renderHook(() => useTabDraft(KEY, EMPTY, read, isEmpty));
    expect(second.result.current[0]).toEqual({ text: 'Febbre e mal di gola.' });
  });

  it('clears it on success, and sign-out removes it with every private key', () => {
    const { result, unmount } = renderHook(() => useTabDraft(KEY, EMPTY, read, isEmpty));
    act(() => result.current[1]({ text: 'x' }));
    act(() => result.current[2]());
    expect(result.current[0]).toEqual(EMPTY);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    act(() => result.current[1]({ text: 'y' }));
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
    clearPrivate(sessionStorage);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    unmount();
  });

  it('ignores what is not a draft of the form', () => {
    sessionStorage.setItem(KEY, '{"token":"abc"}');
    const { result } = renderHook(() => useTabDraft(KEY, EMPTY, read, isEmpty));
    expect(result.current[0]).toEqual(EMPTY);
  });
});
