import type { I18n } from '@lingui/core';
import { isApiError } from '../../api/client';
import { apiErrorMessage } from './messages';

/** Why an action failed, inline: on 409 the server's own `error` text (spec §8), otherwise the §8 message for the status. */
export function actionErrorText(error: unknown, i18n: I18n): string {
  if (isApiError(error) && error.status === 409 && error.code) return error.code;
  return i18n._(apiErrorMessage(error));
}
