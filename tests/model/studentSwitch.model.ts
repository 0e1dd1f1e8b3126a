/**
 * QA's transition suite for the student switch (genitore.demo: Marco Rossi, his past year, Giulia
 * Rossi), from the student menu or from an item of Giulia's block on the family Home (which ends on
 * her screen instead of Home). The new scope's start-up calls are held until the path says how they
 * end: a `done` lets them reach the server, an `error` first makes the server fail the student's data.
 */
import type { Page } from '@playwright/test';
import { expect, signIn } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { studentSwitchMachine, type StudentSwitchEvent } from '../../src/machines/studentSwitch.machine';
import { studentSwitchModel } from '../../src/machines/testing/studentSwitch.model';
import { defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';
import type { StudentScope } from '../../src/domain/student';
import { readAttempts } from '../../src/api/retryPolicy';

type Snapshot = ModelPath<typeof studentSwitchMachine>['steps'][number]['state'];

/** How each scope shows in the header and in the student menu. */
interface Shown {
  header: RegExp;
  item: RegExp;
  calls: RegExp;
}
const MARCO: Shown = { header: /Marco Rossi.*3A/, item: /Marco Rossi/, calls: /\/studenti\/501\/2026_2027\// };
const shownOf = (scope: StudentScope): Shown =>
  scope === studentSwitchModel.giulia
    ? { header: /Giulia Rossi/, item: /Giulia Rossi/, calls: /\/studenti\/502\/2026_2027\// }
    : { header: /Marco Rossi.*2025\/2026/, item: /2025\/2026/, calls: /\/studenti\/501\/2025_2026\// };

const SWITCH_FAILED = "Non è stato possibile caricare i dati dello studente o dell'anno scelto";

/** The family Home has drawn every child's block: none of its calls is still on its way. */
async function homeSettled(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Giulia Rossi', exact: true }).getByRole('heading', { name: /^Nuovi voti \(\d+\)$/ })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'Caricamento in corso…' })).toHaveCount(0);
  // The Novità badge reads every child's data too, once the page is idle: done before any trap.
  await expect(page.locator('#menu-principale [data-testid=conteggio-novita]')).toBeVisible({ timeout: 15_000 });
}

async function expectScreen(page: Page, snap: Snapshot, open: Shown, destination: RegExp) {
  const main = page.getByRole('main');
  const header = page.getByRole('banner');
  if (snap.matches('changing')) {
    await expect(main.getByText('Caricamento dei dati dello studente…')).toBeAttached();
    await expect(main).toHaveAttribute('aria-busy', 'true');
    return;
  }
  if (snap.matches('returning')) {
    // Loaded: the new scope is the open one and the app is on its way to the destination.
    await expect(header).toContainText(open.header);
    await expect(page).toHaveURL(destination);
    return;
  }
  await expect(main).toHaveAttribute('aria-busy', 'false');
  await expect(header).toContainText(open.header);
  if (snap.matches('failed')) await expect(main.getByRole('alert')).toContainText(SWITCH_FAILED);
  else await expect(main.getByText(SWITCH_FAILED)).toHaveCount(0);
}

export function defineStudentSwitchTransitionSuite() {
  defineMachineSuite<typeof studentSwitchMachine>('studentSwitch', async (page, request, path) => {
    await signIn(page);
    // Giulia's block loads her data on Home: only the switch's own calls may meet the traps below.
    await homeSettled(page);
    const shadow = shadowOf(studentSwitchMachine, ['changeScope', 'openDestination']);
    let open = MARCO;
    let target: Shown | null = null;
    let held: HeldRequests | null = null;
    let destination = /\/home$/;
    const traps = new Map<Shown, HeldRequests>();
    await expectScreen(page, shadow.snapshot(), open, destination);

    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<StudentSwitchEvent>;
      switch (ev.type) {
        case 'switch.requested': {
          target = shownOf(ev.scope);
          if (!traps.has(target)) traps.set(target, await HeldRequests.on(page, 'GET', target.calls));
          held = traps.get(target)!;
          held.hold();
          if (ev.to) {
            // Her grades, from the heading of her block's new grades.
            destination = new RegExp(`${ev.to}$`);
            const giulia = page.getByRole('main').getByRole('region', { name: 'Giulia Rossi', exact: true });
            await giulia.getByRole('region', { name: /^Nuovi voti/ }).getByRole('heading').getByRole('link').click();
          } else {
            destination = /\/home$/;
            await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
            await page.getByRole('menuitem', { name: target.item }).click();
          }
          await held.waitForOne();
          break;
        }
        case 'xstate.done.actor.changeScope':
          await held!.release();
          open = target!;
          break;
        case 'xstate.error.actor.changeScope':
          // The student's data fails on every attempt the query client makes (api/retryPolicy.ts).
          await fault(request, { metodo: 'GET', percorso: `${target!.calls.source}studente/info$`, stato: 500, volte: readAttempts(500) });
          await held!.release();
          break;
        case 'xstate.done.actor.openDestination':
          // The app goes to the destination by itself once the new student has loaded.
          break;
        case 'switch.dismissed':
          await page.getByRole('main').getByRole('alert').getByRole('button', { name: 'Chiudi' }).click();
          break;
      }
      await expectScreen(page, await shadow.step(ev, step.state), open, destination);
    }
  });
}
