import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Temporal } from '../../../../domain/temporal';
import { formatDate } from '../../../../i18n/format';

/** Monday first, as Temporal's dayOfWeek (1 = Monday). */
const WEEKDAYS: MessageDescriptor[] = [
  msg`Lunedì`,
  msg`Martedì`,
  msg`Mercoledì`,
  msg`Giovedì`,
  msg`Venerdì`,
  msg`Sabato`,
  msg`Domenica`,
];

export const weekdayName = (i18n: I18n, date: Temporal.PlainDate) => i18n._(WEEKDAYS[date.dayOfWeek - 1]!);

/** "Lunedì 23-11-2026". */
export const dayTitle = (i18n: I18n, date: Temporal.PlainDate) => `${weekdayName(i18n, date)} ${formatDate(date)}`;

export const AGENDA_KINDS: Record<string, MessageDescriptor> = {
  verifica: msg`Verifica`,
  interrogazione: msg`Interrogazione`,
  attività: msg`Attività`,
  evento: msg`Evento`,
};

export const TEST_KINDS: Record<string, MessageDescriptor> = {
  scritto: msg`Scritta`,
  orale: msg`Orale`,
};

export const HOLIDAY_KINDS: Record<string, MessageDescriptor> = {
  festività: msg`Festività`,
  vacanze: msg`Vacanze`,
};

export const kindLabel = (i18n: I18n, labels: Record<string, MessageDescriptor>, kind: string) =>
  labels[kind] ? i18n._(labels[kind]) : kind;
