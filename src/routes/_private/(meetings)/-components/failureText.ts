import type { I18n } from '@lingui/core';
import type { ActionFailure } from '../../../../domain/failure';
import { statusMessage } from '../../../-shared/messages';

/** Spec §8: on 409 the server's own text, otherwise the message for the status. */
export const failureText = (f: ActionFailure, i18n: I18n): string =>
  f.status === 409 && f.error ? f.error : i18n._(statusMessage(f.status, f.error));
