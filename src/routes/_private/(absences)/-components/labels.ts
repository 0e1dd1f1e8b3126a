import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AbsenceKind, BookingKind, JustificationStatus } from '../../../../domain/absences';
import { statusMessage } from '../../../-shared/messages';
import type { ActionFailure } from '../../../../domain/failure';

/** One event's kind, in words (the symbol alone never says it). */
export const KIND_LABEL: Record<AbsenceKind, MessageDescriptor> = {
  assenza: msg`Assenza`,
  ritardo: msg`Ritardo`,
  uscita: msg`Uscita anticipata`,
  dad: msg`Assenza in didattica a distanza`,
  corso: msg`Presenza a corso`,
};

/** Totals per type. */
export const TOTAL_LABEL: Record<AbsenceKind, MessageDescriptor> = {
  assenza: msg`Assenze`,
  ritardo: msg`Ritardi`,
  uscita: msg`Uscite anticipate`,
  dad: msg`Assenze in DAD`,
  corso: msg`Presenze a corso`,
};

/** The colour of spec §4, said in words. */
export const STATUS_LABEL: Record<JustificationStatus, MessageDescriptor> = {
  unjustified: msg`Da giustificare`,
  justified: msg`Giustificata`,
  notRequired: msg`Giustificazione non richiesta`,
};

export const BOOKING_KIND_LABEL: Record<BookingKind, MessageDescriptor> = {
  entrata: msg`Entrata posticipata`,
  uscita: msg`Uscita anticipata`,
};

/** Why an action failed (spec §8): on 409 the server's own `error`, a 400's or a school message's `detail`, else the text for the status. */
export function failureText(failure: ActionFailure, i18n: I18n): string {
  if (failure.status === 409 && failure.error) return failure.error;
  if ((failure.status === 400 || failure.status === 901) && failure.detail) return failure.detail;
  return i18n._(statusMessage(failure.status ?? 500, failure.error));
}
