// @vitest-environment node
/**
 * Property tests of the absences, messenger, meetings and school-services readers (see
 * testing/arbitraries.ts).
 */
import { describe } from 'vitest';
import { toAbsence, toAbsences } from './absences';
import { toThreads } from './messages';
import { toMeeting, toMeetings } from './meetings';
import { asRecord, integer, rawString, schoolDate, schoolDateTime, text } from './read';
import { toDocuments, toElections, toWorkExperienceProject, toWorkExperienceProjects } from './schoolServices';
import { toAttachmentRefs, toRecipients, toThreadDetail } from './threads';
import { realAbsences, realThreads } from './realAnswers.fixture';
import { fuzzReader, ids } from './testing/fuzz';
import { toPreferences } from './preferences';
import { isClockTime } from '../../domain/preferences';

const sentId = (item: unknown) => integer(asRecord(item).id);

describe('absences', () => {
  fuzzReader({
    operations: ['getAbsences'],
    reader: 'toAbsences',
    read: toAbsences,
    samples: [realAbsences],
    rules: { notNull: ['data'] },
    unique: (out) => [['absences', ids(out)]],
    keeps: { usable: (item) => schoolDate(asRecord(item).data) !== null, id: sentId },
  });
  fuzzReader({
    operations: ['justifyAbsence'],
    reader: 'toAbsence',
    read: toAbsence,
    samples: realAbsences,
    check: (out, raw) => ((out === null) === (schoolDate(asRecord(raw).data) !== null) ? ['a usable absence was dropped, or an unusable one kept'] : []),
  });
});

describe('messenger', () => {
  fuzzReader({
    operations: ['listThreads', 'listSentThreads'],
    reader: 'toThreads',
    read: toThreads,
    samples: [realThreads],
    rules: { fields: { data: 'dateTime' } },
    unique: (out) => [['threads', ids(out)]],
    keeps: { usable: (item) => Boolean(rawString(asRecord(item).id)), id: (item) => rawString(asRecord(item).id) },
  });
  fuzzReader({
    operations: ['getThread', 'sendThreadMessage'],
    reader: 'toThreadDetail',
    read: toThreadDetail,
    rules: { fields: { data: 'dateTime', testo: 'html' } },
    unique: (out) => [['messages', ids(out.messaggi)], ...out.messaggi.map((m): [string, unknown[]] => [`attachments of ${m.id}`, ids(m.allegati)])],
  });
  fuzzReader({
    operations: ['uploadMessageAttachment'],
    reader: 'toAttachmentRefs',
    read: (raw) => toAttachmentRefs([raw]),
  });
  fuzzReader({
    operations: ['listUserRecipients', 'listRecipients'],
    reader: 'toRecipients',
    read: toRecipients,
    unique: (out) => [['recipients', ids(out)]],
    keeps: {
      usable: (item) => Boolean(rawString(asRecord(item).id)) && Boolean(text(asRecord(item).descrizione)?.trim()),
      id: (item) => rawString(asRecord(item).id),
    },
  });
});

describe('meetings', () => {
  const usable = (item: unknown) => {
    const m = asRecord(item);
    const start = /^(\d{1,2})[:.](\d{2})/.exec(text(m.ora_inizio)?.trim() ?? '');
    return sentId(item) !== null && schoolDate(m.data) !== null && start !== null && Number(start[1]) <= 23 && Number(start[2]) <= 59;
  };
  const rules = { notNull: ['data', 'ora_inizio', 'ora_fine', 'inizio', 'orario'] };
  fuzzReader({
    operations: ['listMeetings', 'listIndividualMeetings', 'listGeneralMeetings'],
    reader: 'toMeetings',
    read: toMeetings,
    rules,
    unique: (out) => [['meetings', ids(out)], ...out.map((m): [string, unknown[]] => [`slots of ${m.id}`, ids(m.slot, 'numero')])],
    keeps: { usable, id: sentId },
  });
  fuzzReader({
    operations: ['bookMeeting', 'cancelMeetingBooking'],
    reader: 'toMeeting',
    read: toMeeting,
    rules,
    check: (out, raw) => ((out === null) === usable(raw) ? ['a usable meeting was dropped, or an unusable one kept'] : []),
  });
});

describe('school services', () => {
  const usableProject = (item: unknown) => sentId(item) !== null && schoolDate(asRecord(item).data_inizio) !== null;
  fuzzReader({
    operations: ['listWorkExperienceProjects'],
    reader: 'toWorkExperienceProjects',
    read: toWorkExperienceProjects,
    rules: { notNull: ['data_inizio'] },
    unique: (out) => [['projects', ids(out)]],
    keeps: { usable: usableProject, id: sentId },
  });
  fuzzReader({
    operations: ['subscribeWorkExperienceProject', 'cancelWorkExperienceProject'],
    reader: 'toWorkExperienceProject',
    read: toWorkExperienceProject,
    check: (out, raw) => ((out === null) === usableProject(raw) ? ['a usable project was dropped, or an unusable one kept'] : []),
  });
  fuzzReader({
    operations: ['listElections'],
    reader: 'toElections',
    read: toElections,
    rules: { fields: { data_inizio: 'dateTime', data_fine: 'dateTime' }, notNull: ['data_inizio', 'data_fine'] },
    unique: (out) => [['elections', ids(out)]],
    keeps: { usable: (item) => sentId(item) !== null && schoolDateTime(asRecord(item).data_inizio) !== null, id: sentId },
  });
  fuzzReader({
    operations: ['listDocuments'],
    reader: 'toDocuments',
    read: toDocuments,
    rules: { notNull: ['data'] },
    unique: (out) => [['documents', ids(out)]],
    keeps: { usable: (item) => sentId(item) !== null && schoolDate(asRecord(item).data) !== null, id: sentId },
  });
  fuzzReader({
    operations: ['getPreferences'],
    reader: 'toPreferences',
    read: toPreferences,
    check: (out) => {
      const n = out.notifiche;
      return [n.silenzio.dalle, n.silenzio.alle, n.riepilogo_ora].every(isClockTime) && ['it', 'en'].includes(out.lingua) ? [] : ['a time or language outside the contract'];
    },
  });
});
