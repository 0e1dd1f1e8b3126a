/**
 * QA's transition suite for the change-password dialog (user menu → Cambia password). A change
 * ends the user's other sessions, and paths run side by side: each path signs in with a disposable
 * copy of genitore.bianchi of its own (tests/e2e/fixtures.ts `disposableAccount`).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, disposableAccount, DEMO_PASSWORD } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { canSubmitPassword, passwordChangeMachine, type PasswordChangeEvent } from '../../src/machines/passwordChange.machine';
import { passwordChangeModel } from '../../src/machines/testing/passwordChange.model';
import { defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';

const CHANGE = /\/utenti\/[^/]+\/aggiorna_password$/;
type Snapshot = ModelPath<typeof passwordChangeMachine>['steps'][number]['state'];

async function expectScreen(page: Page, snap: Snapshot) {
  const dialog = page.getByRole('dialog', { name: 'Cambia password' });
  await expect(dialog).toBeVisible();
  if (snap.matches('changed')) {
    await expect(dialog.getByText('Password modificata con successo')).toBeVisible();
    await expect(dialog.getByLabel('Password attuale')).toHaveCount(0);
    return;
  }
  const type = snap.context.visible ? 'text' : 'password';
  for (const label of ['Password attuale', 'Conferma nuova password']) await expect(dialog.getByLabel(label)).toHaveAttribute('type', type);
  await expect(dialog.getByRole('switch', { name: 'Mostra le password' })).toBeChecked({ checked: snap.context.visible });
  if (snap.matches('submitting')) {
    await expect(dialog.getByRole('button', { name: 'Salvataggio…' })).toBeDisabled();
    return;
  }
  await expect(dialog.getByRole('button', { name: 'Salva la nuova password' })).toBeVisible();
  const outcome = snap.context.outcome;
  if (!outcome) await expect(dialog.getByRole('alert')).toHaveCount(0);
  else if (outcome.kind === 'mismatch') await expect(dialog.getByRole('alert')).toHaveText('Attenzione, la nuova password non coincide con quella di conferma');
  else await expect(dialog.getByRole('alert')).toContainText(passwordChangeModel.wrongCurrent);
}

export function definePasswordChangeTransitionSuite() {
  defineMachineSuite<typeof passwordChangeMachine>('passwordChange', async (page, request, path) => {
    const account = await disposableAccount(request, 'genitore.bianchi');
    await signIn(page, account.username, account.password);
    // The model's forms are written for the documented password; this account has its own.
    const typed = (password: string) => (password === DEMO_PASSWORD ? account.password : password);
    const changes = await HeldRequests.on(page, 'PUT', CHANGE);
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Cambia password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambia password' });
    const shadow = shadowOf(passwordChangeMachine, ['changePassword']);
    await expectScreen(page, shadow.snapshot());
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<PasswordChangeEvent>;
      switch (ev.type) {
        case 'password.submitted': {
          const f = ev.fields;
          await dialog.getByLabel('Password attuale').fill(typed(f.oldPassword));
          await dialog.getByLabel('Nuova password', { exact: true }).fill(typed(f.newPassword));
          await dialog.getByLabel('Conferma nuova password').fill(typed(f.confirmation));
          // The button stays disabled for an incomplete form: Enter in a field is the way that is left.
          if (canSubmitPassword(f)) await dialog.getByRole('button', { name: 'Salva la nuova password' }).click();
          else await dialog.getByLabel('Conferma nuova password').press('Enter');
          if (step.state.matches('submitting')) await changes.waitForOne();
          break;
        }
        case 'password.visibilityToggled':
          await dialog.getByRole('switch', { name: 'Mostra le password' }).click();
          break;
        case 'xstate.done.actor.changePassword':
          await changes.release();
          break;
        case 'xstate.error.actor.changePassword':
          await fault(request, { metodo: 'PUT', percorso: CHANGE.source, stato: 409, detail: passwordChangeModel.wrongCurrent, error: 'password_errata' });
          await changes.release();
          break;
      }
      await expectScreen(page, await shadow.step(ev, step.state));
    }
  });
}
