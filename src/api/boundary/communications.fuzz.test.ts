// @vitest-environment node
/**
 * Property tests of the messenger VERSIONE_1 readers (communications, sent messages), the notice
 * board's and the confirmations' answers (see testing/arbitraries.ts).
 */
import { describe } from 'vitest';
import { toCommunicationConfirmation, toCommunicationDetail, toCommunications, toSentMessages } from './communications';
import { toNoticeConfirmation, toNotices } from './notices';
import { asRecord, flag, integer, schoolDateTime, schoolInstant } from './read';
import { toThreadMessageConfirmation } from './threads';
import { fuzzReader, ids } from './testing/fuzz';
import type { Rules } from './testing/invariants';

const usableCommunication = (item: unknown) => integer(asRecord(item).id_messaggio) !== null && schoolInstant(asRecord(item).data) !== null;
const rules: Rules = {
  fields: { data: 'dateTime', data_sottoscrizione: 'dateTime', dettaglio: 'html' },
  notNull: ['data'],
};
/** Both flags said in any spelling: the answer tells what the confirmation did. */
const saysBoth = (a: string, b: string) => (raw: unknown) => flag(asRecord(raw)[a]) !== null && flag(asRecord(raw)[b]) !== null;
const keptWhen =
  (usable: (raw: unknown) => boolean, what: string) =>
  (out: unknown, raw: unknown): string[] =>
    (out === null) === usable(raw) ? [`a usable ${what} was read as none, or an unusable one read`] : [];

describe('communications (messenger VERSIONE_1)', () => {
  fuzzReader({
    operations: ['listCommunications'],
    reader: 'toCommunications',
    read: toCommunications,
    rules,
    unique: (out) => [['communications', ids(out, 'id_messaggio')]],
    keeps: { usable: usableCommunication, id: (item) => integer(asRecord(item).id_messaggio) },
  });
  fuzzReader({
    operations: ['getCommunication'],
    reader: 'toCommunicationDetail',
    read: toCommunicationDetail,
    rules,
    unique: (out) => (out ? [['attachments', ids(out.allegati)]] : []),
    check: keptWhen(usableCommunication, 'communication'),
  });
  fuzzReader({
    operations: ['confirmCommunication'],
    reader: 'toCommunicationConfirmation',
    read: toCommunicationConfirmation,
    rules,
    check: keptWhen(saysBoth('conferma_lettura', 'sottoscrizione'), 'confirmation'),
  });
  const usableSent = (item: unknown) => integer(asRecord(item).id) !== null && schoolInstant(asRecord(item).data) !== null;
  fuzzReader({
    operations: ['listSentMessages'],
    reader: 'toSentMessages',
    read: toSentMessages,
    rules,
    unique: (out) => [['sent messages', ids(out)], ...out.flatMap((m): Array<[string, unknown[]]> => [[`recipients of ${m.id}`, ids(m.destinatari)], [`attachments of ${m.id}`, ids(m.allegati)]])],
    keeps: { usable: usableSent, id: (item) => integer(asRecord(item).id) },
  });
  fuzzReader({
    operations: ['sendMessage'],
    reader: 'toSentMessages',
    read: (raw) => toSentMessages([raw])[0] ?? null,
    rules,
    check: keptWhen(usableSent, 'sent message'),
  });
});

describe('notice board and news', () => {
  const noticeRules: Rules = { fields: { data: 'day or instant', data_adesione: 'dateTime', testo: 'html' }, notNull: ['data'] };
  fuzzReader({
    operations: ['listNoticeBoard', 'listNews'],
    reader: 'toNotices',
    read: toNotices,
    rules: noticeRules,
    unique: (out) => [['notices', ids(out)], ...out.map((n): [string, unknown[]] => [`attachments of ${n.id}`, ids(n.allegati)])],
    keeps: { usable: (item) => integer(asRecord(item).id) !== null && schoolDateTime(asRecord(item).data) !== null, id: (item) => integer(asRecord(item).id) },
  });
  fuzzReader({
    operations: ['confirmNotice'],
    reader: 'toNoticeConfirmation',
    read: toNoticeConfirmation,
    rules: noticeRules,
    check: keptWhen(saysBoth('da_leggere', 'adesione'), 'confirmation'),
  });
});

describe('thread confirmations', () => {
  fuzzReader({
    operations: ['confirmThreadMessage'],
    reader: 'toThreadMessageConfirmation',
    read: toThreadMessageConfirmation,
    check: keptWhen(saysBoth('conferma_lettura', 'sottoscrizione'), 'confirmation'),
  });
});
