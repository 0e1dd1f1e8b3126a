/**
 * The lint configuration's own check: each arrow the architecture forbids is reported by ESLint,
 * and each one it allows is not. The code is linted as if it were a file at `file`, so the zones
 * and the resolver see the real tree.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => m.ruleId);
}

describe('layers point one way', () => {
  it.each([
    ['domain imports api', 'src/domain/sample.ts', "import { api } from '../api/api';\nexport const a = api;\n"],
    ['domain imports a machine', 'src/domain/sample.ts', "import { sessionMachine } from '../machines/session.machine';\nexport const a = sessionMachine;\n"],
    ['api imports a machine', 'src/api/sample.ts', "import { sessionMachine } from '../machines/session.machine';\nexport const a = sessionMachine;\n"],
    ['a machine imports the runtime', 'src/machines/sample.ts', "import { createSession } from '../runtime';\nexport const a = createSession;\n"],
    ['a machine imports a route helper', 'src/machines/sample.ts', "import { useStudent } from '../routes/-shared/session';\nexport const a = useStudent;\n"],
    ['ui imports api', 'src/ui/Sample.tsx', "import { api } from '../api/api';\nexport const a = api;\n"],
    ['a feature group imports another group', 'src/routes/_private/(grades)/-components/Sample.tsx', "import { TodaySummary } from '../../(home)/-components/TodaySummary';\nexport const a = TodaySummary;\n"],
    ['the app chrome imports a feature group', 'src/routes/-app/Sample.tsx', "import { AbsenceTable } from '../_private/(absences)/-components/AbsenceTable';\nexport const a = AbsenceTable;\n"],
  ])('fails when %s', async (_name, file, code) => {
    expect(await importErrors(file, code)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    ['a screen imports the generated contract types', 'src/routes/_private/(grades)/sample.tsx', "import type { components } from '../../../api/schema';\nexport type A = components['schemas']['Grade'];\n"],
    ['a machine takes the contract types from the client', 'src/machines/sample.ts', "import type { Schemas } from '../api/client';\nexport type A = Schemas['Grade'];\n"],
  ])('fails when %s (raw answers stay in api/)', async (_name, file, code) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it.each([
    ['a machine tests the API error type', 'src/machines/sample.machine.ts', "import { isApiError } from '../api/client';\nexport const a = (e: unknown) => isApiError(e) && e.status === 409;\n"],
    ['a machine reads a failure through failureOf', 'src/machines/sample.machine.ts', "import { failureOf } from '../api/failure';\nexport const a = (e: unknown) => failureOf(e).status === 409;\n"],
    ["a machine's test builds an ApiError", 'src/machines/testing/sample.model.ts', "import { ApiError } from '../../api/client';\nexport const a = new ApiError(409, null, null);\n"],
  ])("fails when %s (machines hold only the domain's failure)", async (_name, file, code) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it('fails on an import circle', async () => {
    // navigationState imports tabStorage: tabStorage importing navigationState back closes a circle.
    const errors = await importErrors('src/domain/tabStorage.ts', "import { readNavigationState } from './navigationState';\nexport const a = readNavigationState;\n");
    expect(errors).toContain('import-x/no-cycle');
  });

  it.each([
    ['a route imports api, machines, domain, ui and i18n', 'src/routes/_private/(grades)/sample.tsx', "import { api } from '../../../api/api';\nimport { sessionMachine } from '../../../machines/session.machine';\nimport { schoolYearStart } from '../../../domain/schoolYear';\nimport { Button } from '../../../ui/Button';\nimport { formatDate } from '../../../i18n/format';\nexport const a = [api, sessionMachine, schoolYearStart, Button, formatDate];\n"],
    ['a group imports its own parts and the shared ones', 'src/routes/_private/(grades)/sample.tsx', "import { GradeChart } from './-components/GradeChart';\nimport { useStudent } from '../../-shared/session';\nexport const a = [GradeChart, useStudent];\n"],
    ['a machine imports api and domain', 'src/machines/sample.ts', "import { bookMealMutation } from '../api/queries/meals';\nimport { isConflict } from '../domain/failure';\nexport const a = [bookMealMutation, isConflict];\n"],
    ['ui imports domain and i18n', 'src/ui/Sample.tsx', "import { formatMoney } from '../i18n/format';\nimport { sortSubjects } from '../domain/subjects';\nexport const a = [formatMoney, sortSubjects];\n"],
  ])('allows %s', async (_name, file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});
