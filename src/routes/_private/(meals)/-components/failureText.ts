import type { I18n } from '@lingui/core';
import type { ActionFailure } from '../../../../domain/failure';
import { statusMessage } from '../../../-shared/messages';

/**
 * Why a booking was not made (spec §8): on 409 the server's `error`; a refused request (400) or a
 * service the school switched off (403 servizio_non_attivo) in the server's own words; else the
 * status's text.
 */
export function failureText(failure: ActionFailure, i18n: I18n): string {
  if (failure.status === 409 && failure.error) return failure.error;
  if (failure.status === 400 && failure.detail) return failure.detail;
  if (failure.status === 403 && failure.error === 'servizio_non_attivo' && failure.detail) return failure.detail;
  return i18n._(statusMessage(failure.status ?? 500, failure.error));
}
