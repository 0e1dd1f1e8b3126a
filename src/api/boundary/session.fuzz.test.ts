// @vitest-environment node
/**
 * Property tests of the session and student readers (see testing/arbitraries.ts). The sign-in
 * readers document one throw: BackendShapeError, when the answer has no usable token.
 */
import { describe } from 'vitest';
import { asRecord, firstText, integer, rawString } from './read';
import { BackendShapeError, toRefreshedToken, toSignIn, toStudentInfo } from './session';
import { toSubjects, toUpdates } from './student';
import { REAL_YEAR, realLogin, realStudentInfo, realSubjects, realUpdates } from './realAnswers.fixture';
import { fuzzReader, ids } from './testing/fuzz';
import type { SignIn } from '../../domain/records';

const YEAR = /^\d{4}_\d{4}$/;
const withoutToken = (error: unknown, raw: unknown) => error instanceof BackendShapeError && !rawString(asRecord(raw).token)?.trim();

describe('session', () => {
  fuzzReader<SignIn>({
    operations: ['login', 'validateToken', 'loginSpid', 'openMobileSession'],
    reader: 'toSignIn',
    read: toSignIn,
    samples: [realLogin],
    documentedThrow: withoutToken,
    rules: { fields: { urlScuola: 'text', scuola: 'text' } },
    unique: (out) => [['students', ids(out.students)], ...out.students.map((s): [string, unknown[]] => [`years of ${s.id}`, ids(s.anni)])],
    check: (out, raw) => [
      ...(out.token === '' || out.token !== rawString(asRecord(raw).token) ? ['the token is not the one sent'] : []),
      ...out.students.flatMap((s) =>
        !YEAR.test(s.anno_corrente) || !s.anni.some((a) => a.id === s.anno_corrente) || s.anni.some((a) => !YEAR.test(a.id))
          ? [`student ${s.id}: current year ${s.anno_corrente} not among its years`]
          : [],
      ),
    ],
  });
  fuzzReader({
    operations: ['refreshToken'],
    reader: 'toRefreshedToken',
    read: (raw) => ({ token: toRefreshedToken(raw) }),
    documentedThrow: withoutToken,
    check: (out, raw) => (out.token.trim() && out.token === rawString(asRecord(raw).token) ? [] : ['not the token sent']),
  });
});

describe('student', () => {
  const student = toSignIn(realLogin).students[0]!;
  fuzzReader({
    operations: ['getStudentInfo'],
    reader: 'toStudentInfo',
    read: (raw) => toStudentInfo(raw, student, REAL_YEAR),
    samples: [realStudentInfo],
    rules: { notNull: ['data_inizio', 'data_fine'] },
  });
  fuzzReader({
    operations: ['getStudentInfo'],
    reader: 'toStudentInfo (no login year)',
    read: (raw) => toStudentInfo(raw, null, null),
    samples: [realStudentInfo],
  });
  const subjectId = (item: unknown) => integer(asRecord(item).id) ?? integer(asRecord(item).id_materia);
  fuzzReader({
    operations: ['getSubjects'],
    reader: 'toSubjects',
    read: toSubjects,
    samples: [realSubjects],
    unique: (out) => [['subjects', ids(out)], ...out.map((s): [string, unknown[]] => [`teachers of ${s.id}`, ids(s.professori)])],
    keeps: {
      usable: (item) => {
        const s = asRecord(item);
        return subjectId(item) !== null && firstText(s.descrizione, s.nome, s.materia, s.titolo) !== null;
      },
      id: subjectId,
    },
  });
  fuzzReader({
    operations: ['getUpdates'],
    reader: 'toUpdates',
    read: toUpdates,
    samples: [realUpdates],
    rules: { fields: { data: 'dateTime' } },
    keeps: { usable: (item) => Boolean(rawString(asRecord(item).sezione)) },
  });
});
