import type { I18n } from '@lingui/core';
import { failureOf } from '../../api/failure';
import type { ActionFailure } from '../../domain/failure';
import { statusMessage } from './messages';

/** Statuses whose answer gives the reason in the server's own words (`detail`): a refused request, a refused file, the school's message. */
const SERVER_WORDS = new Set([400, 403, 413, 415, 901]);

/**
 * Why an action failed, in words (docs/product.md#a-failed-action), the one rule of every screen: on 409 the server's own
 * sentence (`error`); for a request the server refused with its reasons (400, 403, 413, 415) or the
 * school's own message (901), its `detail`; otherwise the message for the status.
 */
export function failureText(failure: ActionFailure, i18n: I18n): string {
  if (failure.status === 409 && failure.error) return failure.error;
  if (failure.status !== null && SERVER_WORDS.has(failure.status) && failure.detail) return failure.detail;
  return i18n._(statusMessage(failure.status, failure.error));
}

/** The same, for a rejection of any kind (a query's or a mutation's error). */
export const actionErrorText = (error: unknown, i18n: I18n): string => failureText(failureOf(error), i18n);
