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
    ['another group imports the payments feature', 'src/routes/_private/(meals)/-components/Sample.tsx', "import { Shop } from '../../../-features/payments/ShopPage';\nexport const a = Shop;\n"],
    ['the app chrome imports the payments feature', 'src/routes/-app/Sample.tsx', "import { Checkout } from '../-features/payments/checkout/Checkout';\nexport const a = Checkout;\n"],
    ['a route helper imports the payments feature', 'src/routes/-shared/Sample.tsx', "import { StatementPage } from '../-features/payments/StatementPage';\nexport const a = StatementPage;\n"],
    ['the signed-in layout imports the payments feature', 'src/routes/_private.tsx', "import { Shop } from './-features/payments/ShopPage';\nexport const a = Shop;\n"],
    ['the payments feature imports its group', 'src/routes/-features/payments/Sample.tsx', "import { CartView } from '../../_private/(payments)/-components/CartView';\nexport const a = CartView;\n"],
    ['the payments feature imports the mobile pages', 'src/routes/-features/payments/Sample.tsx', "import { MobileOutcomePage } from '../../mobile/-components/MobileOutcome';\nexport const a = MobileOutcomePage;\n"],
    ['the payments feature imports the app chrome', 'src/routes/-features/payments/Sample.tsx', "import { AppLayout } from '../../-app/AppLayout';\nexport const a = AppLayout;\n"],
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
    ['the payments group and the mobile pages import the payments feature', 'src/routes/_private/(payments)/sample.tsx', "import { StatementPage } from '../../-features/payments/StatementPage';\nexport const a = StatementPage;\n"],
    ['the mobile pages import the payments feature', 'src/routes/mobile/-components/Sample.tsx', "import { Checkout } from '../../-features/payments/checkout/Checkout';\nexport const a = Checkout;\n"],
    ['the payments feature imports the route helpers', 'src/routes/-features/payments/Sample.tsx', "import { useCart } from '../../-shared/cart';\nimport { useStudent } from '../../-shared/session';\nexport const a = [useCart, useStudent];\n"],
  ])('allows %s', async (_name, file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

describe("the server's imports point one way (server/README.md)", () => {
  it.each([
    ['an area imports another area', 'server/areas/mense/sample.ts', "import { alternanzaArea } from '../alternanza/index';\nexport const a = alternanzaArea;\n"],
    ["an area imports a core handler", 'server/areas/account/sample.ts', "import { authHandlers } from '../../handlers/auth';\nexport const a = authHandlers;\n"],
    ["an area imports the core's demo data", 'server/areas/account/sample.ts', "import { GRADES_PER_YEAR } from '../../db/seed';\nexport const a = GRADES_PER_YEAR;\n"],
    ['an area imports the list of areas', 'server/areas/mense/sample.ts', "import { AREAS } from '../index';\nexport const a = AREAS;\n"],
    ['an area imports the database bootstrap', 'server/areas/mense/sample.ts', "import { openDatabase } from '../../bootstrap/database';\nexport const a = openDatabase;\n"],
    ['the shared code imports an area', 'server/shared/sample.ts', "import { menseArea } from '../areas/mense/index';\nexport const a = menseArea;\n"],
    ['the shared code imports a core handler', 'server/shared/sample.ts', "import { authHandlers } from '../handlers/auth';\nexport const a = authHandlers;\n"],
    ['a core handler imports an area', 'server/handlers/sample.ts', "import { menseArea } from '../areas/mense/index';\nexport const a = menseArea;\n"],
    ['a repository imports the app', 'server/repositories/sample.ts', "import { buildApp } from '../app';\nexport const a = buildApp;\n"],
  ])('fails when %s', async (_name, file, code) => {
    expect(await importErrors(file, code)).toContain('import-x/no-restricted-paths');
  });

  it("fails when a server module imports the browser tests' hooks", async () => {
    const [result] = await eslint.lintText("import { testHooks } from '../tests/server-hooks/index';\nexport const a = testHooks;\n", { filePath: 'server/app.ts' });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it('fails on an import circle', async () => {
    // security.ts imports shared/errors.ts: errors importing security back closes a circle.
    expect(await importErrors('server/shared/errors.ts', "import { hashPassword } from '../security';\nexport const a = hashPassword;\n")).toContain('import-x/no-cycle');
  });

  it.each([
    ['an area imports the shared code, a repository, the Db type, the context and security', 'server/areas/mense/sample.ts', "import { ApiError } from '../../shared/errors';\nimport { loginResponse } from '../../shared/login';\nimport type { UserRow } from '../../repositories/users';\nimport type { Db } from '../../db/database';\nimport type { AppContext } from '../../context';\nimport { requireUser } from '../../security';\nimport type { Area } from '../area';\nexport const a = [ApiError, loginResponse, requireUser];\nexport type B = [UserRow, Db, AppContext, Area];\n"],
    ['an area imports its own modules', 'server/areas/mense/sample.ts', "import { menseArea } from './index';\nexport const a = menseArea;\n"],
    ['an entry point imports the list of areas and the bootstrap', 'server/app.ts', "import { AREAS } from './areas/index';\nimport { openDatabase } from './bootstrap/database';\nexport const a = [AREAS, openDatabase];\n"],
    ['a test imports across areas', 'server/areas/mense/sample.test.ts', "import { alternanzaArea } from '../alternanza/index';\nexport const a = alternanzaArea;\n"],
  ])('allows %s', async (_name, file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});
