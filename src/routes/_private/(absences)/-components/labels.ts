import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AbsenceKind, BookingKind, JustificationStatus } from '../../../../domain/absences';

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

/** The colour of docs/product.md#absences, said in words. */
export const STATUS_LABEL: Record<JustificationStatus, MessageDescriptor> = {
  unjustified: msg`Da giustificare`,
  justified: msg`Giustificata`,
  notRequired: msg`Giustificazione non richiesta`,
};

export const BOOKING_KIND_LABEL: Record<BookingKind, MessageDescriptor> = {
  entrata: msg`Entrata posticipata`,
  uscita: msg`Uscita anticipata`,
};
