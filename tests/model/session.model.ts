/**
 * QA's transition suite for the session (a disposable copy of genitore.demo per path: signing out
 * ends every session of the user, and paths run side by side): the sign-in form, a reload with a session
 * saved in the tab, the student menu's past year, the user menu's sign-out, and the token's renewal
 * or expiry when a call is refused with 401. The session's calls (login, token validation, the
 * student's start-up data) are held until the path says how they end; a failure is the reference
 * server's, through its fault injection. The answers the demo data cannot give (an account with no
 * student, a sign-in answer without its user) are the server's real answer with those taken out.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, disposableAccount } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { sessionMachine, type SessionEvent } from '../../src/machines/session.machine';
import { sessionModel } from '../../src/machines/testing/session.model';
import { defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';
import { readAttempts } from '../../src/api/retryPolicy';

type Snapshot = ModelPath<typeof sessionMachine>['steps'][number]['state'];

/** Every way in: user code and password, and the exchange of a SPID or CIE code. */
const LOGIN = /^\/api\/v4\/utenti\/(login|spid|cie)\/$/;
const VALIDATE = /^\/api\/v4\/utenti\/\d+\/$/;
const CURRENT_CALLS = /\/studenti\/501\/2026_2027\/(studente\/info|materie_nextapi|aggiornamenti_nextapi)$/;
const PAST_CALLS = /\/studenti\/501\/2025_2026\//;
const SWITCH_FAILED = "Non è stato possibile caricare i dati dello studente o dell'anno scelto";
const SESSION_TOKEN = () => JSON.parse(sessionStorage.getItem('portale-famiglie.session') ?? '{}').token as string | undefined;

/** The sign-in messages (docs/product.md#sign-in-messages) for the errors the paths reach. */
const MESSAGES: Record<string, string> = {
  invalidCredentials: 'Codice utente e/o password non validi',
  firstCycle: "l'accesso è riservato ai genitori",
  providerCancelled: 'Accesso con SPID annullato',
  providerFailed: "Non è stato possibile effettuare l'accesso con CIE",
  studentData: 'Credenziali corrette, ma non è stato possibile caricare i dati dello studente',
  subjectsSettings: 'Impostazioni materie non corrette',
  sessionExpired: 'La sessione è scaduta, accedi di nuovo',
};

/** The identity the demo providers sign in as genitore.demo (server/areas/account/seed.ts). */
const PARENT_TAX_CODE = /RSSLRA80A41H501X/;

/** From the sign-in page to the identity provider's page: SPID through its chooser, or CIE. */
async function leaveForProvider(page: Page, method: 'spid' | 'cie') {
  if (method === 'spid') {
    await page.getByRole('button', { name: 'Entra con SPID' }).click();
    await page.getByRole('button', { name: 'Accedi con Poste ID' }).click();
  } else {
    await page.getByRole('button', { name: 'Entra con CIE' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: method === 'spid' ? /Poste ID/ : /CIE/ })).toBeVisible();
}

async function expectScreen(page: Page, snap: Snapshot) {
  if (snap.matches('leavingForProvider')) {
    // The tab has left for the provider, whose own page asks who is signing in.
    await expect(page.getByRole('group', { name: 'Codice fiscale' })).toBeVisible();
    return;
  }
  const signInButton = page.getByRole('button', { name: /^(Accedi|Accesso in corso…)$/ });
  if (snap.matches('signedOut')) {
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeEnabled();
    const error = snap.context.error;
    if (error) await expect(page.getByRole('alert')).toContainText(MESSAGES[error.kind]!);
    else await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    return;
  }
  if (snap.matches('signingIn') || snap.matches({ authenticated: 'loadingStudent' }) || snap.matches('validating')) {
    if (/\/login/.test(page.url())) {
      await expect(page.getByRole('button', { name: 'Accesso in corso…' })).toBeVisible();
    } else {
      // A reload: the private area waits for the session, showing neither itself nor the sign-in form.
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(signInButton).toHaveCount(0);
    }
    return;
  }
  const header = page.getByRole('banner');
  await expect(page).not.toHaveURL(/\/login/);
  if (snap.matches({ authenticated: 'switchingStudent' })) {
    await expect(page.getByRole('main').getByText('Caricamento dei dati dello studente…')).toBeAttached();
    return;
  }
  await expect(header).toContainText(snap.context.scope?.anno === sessionModel.pastYear.anno ? /Marco Rossi.*2025\/2026/ : /Marco Rossi.*3A/);
  if (snap.context.switchError) await expect(page.getByRole('main').getByRole('alert')).toContainText(SWITCH_FAILED);
  else await expect(page.getByRole('main').getByText(SWITCH_FAILED)).toHaveCount(0);
}

/** What a path's sign-in answer lacks: its students, its user, or nothing. */
const incompleteOf = (output: unknown) => (output === sessionModel.noStudents ? 'students' : output === sessionModel.noUser ? 'user' : null);

/** A sign-in answer without its user, in either shape (nested in `utente` or at the top level). */
function withoutUser({ utente: _utente, id_utente: _id, nome: _nome, cognome: _cognome, ...rest }: Record<string, unknown>) {
  return rest;
}

/** The student's calls of the current year: the next one is the one a path's 401 refuses. */
const STUDENT_CALLS = '/studenti/501/2026_2027/';

/**
 * The Novità badge's reads are done (its file loads once Home is drawn and the browser idle, then
 * reads every child's sections): a fault injected next meets the step's own call, not one of them.
 */
async function badgeSettled(page: Page) {
  await expect(page.locator('#menu-principale [data-testid=conteggio-novita]')).toBeVisible({ timeout: 15_000 });
}

/** Opens the absences, whose data Home has not read: its first call is sure to reach the server. */
async function openAbsences(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Assenze/ }).click();
}

export function defineSessionTransitionSuite() {
  defineMachineSuite<typeof sessionMachine>('session', async (page, request, path, input) => {
    const restored = input === sessionModel.inputs.restored;
    const account = await disposableAccount(request);
    if (restored) await signIn(page, account.username, account.password);
    // Two answers the demo data cannot give, an account with no student and a sign-in answer without
    // its user, are the server's real answer with those taken out. Registered before the holds, so
    // it sees the answer a hold lets go; `incomplete` says what the step being released lacks.
    let incomplete: 'students' | 'user' | null = null;
    await page.route(
      (url) => LOGIN.test(url.pathname) || VALIDATE.test(url.pathname),
      async (route) => {
        if (!incomplete) return route.fallback();
        const response = await route.fetch();
        const answer = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: incomplete === 'students' ? { ...answer, studenti: [] } : withoutUser(answer) });
      },
    );
    const logins = await HeldRequests.on(page, 'POST', LOGIN);
    const validations = await HeldRequests.on(page, 'POST', VALIDATE);
    const startUp = await HeldRequests.on(page, 'GET', CURRENT_CALLS);
    const pastYear = await HeldRequests.on(page, 'GET', PAST_CALLS);
    if (restored) {
      await page.reload();
      await validations.waitForOne();
    } else {
      await page.goto('/login');
    }
    const shadow = shadowOf(sessionMachine, ['login', 'validate', 'loadStudent', 'startProvider'], input);
    await expectScreen(page, shadow.snapshot());

    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<SessionEvent>;
      const from = shadow.snapshot();
      switch (ev.type) {
        case 'session.signIn':
          if (ev.credentials.kind === 'password') {
            await page.getByLabel('Codice utente').fill(account.username);
            await page.getByLabel('Password', { exact: true }).fill(account.password);
            await page.getByRole('button', { name: 'Accedi', exact: true }).click();
          } else {
            // Back from the provider with a code: the round trip, as the parent.
            await leaveForProvider(page, ev.credentials.kind === 'cie' ? 'cie' : 'spid');
            await page.getByLabel(PARENT_TAX_CODE).check();
            await page.getByRole('button', { name: 'Entra', exact: true }).click();
          }
          await logins.waitForOne();
          break;
        case 'session.providerStart':
          await leaveForProvider(page, ev.start.method);
          break;
        case 'session.providerReturned':
          if (ev.outcome === 'annullato') {
            await leaveForProvider(page, ev.method);
            await page.getByRole('button', { name: 'Annulla' }).click();
          } else {
            // What the server's return address says when the provider's answer failed its checks.
            await page.goto(`/login?${ev.method}_errore=fallito`);
          }
          break;
        case 'xstate.done.actor.login':
          incomplete = incompleteOf(ev.output);
          await logins.release();
          if (step.state.matches('authenticated')) await startUp.waitForOne();
          break;
        case 'xstate.error.actor.login': {
          const refusal = ev.error === sessionModel.firstCycle ? { stato: 403, error: 'accesso_primo_ciclo' } : { stato: 401, error: 'invalid_credentials' };
          await fault(request, { metodo: 'POST', percorso: LOGIN.source, detail: 'Credenziali non valide', ...refusal });
          await logins.release();
          break;
        }
        case 'xstate.done.actor.validate':
          incomplete = incompleteOf(ev.output);
          await validations.release();
          if (step.state.matches('authenticated')) await startUp.waitForOne();
          break;
        case 'xstate.error.actor.validate':
          await fault(request, { metodo: 'POST', percorso: VALIDATE.source, stato: 401, detail: 'Sessione scaduta', error: 'unauthorized' });
          await validations.release();
          break;
        case 'xstate.done.actor.loadStudent':
          await (from.matches({ authenticated: 'switchingStudent' }) ? pastYear : startUp).release();
          break;
        case 'xstate.error.actor.loadStudent': {
          // The school's subjects fail on every attempt the query client makes (api/retryPolicy.ts).
          const switching = from.matches({ authenticated: 'switchingStudent' });
          const year = switching ? sessionModel.pastYear.anno : sessionModel.current.anno;
          await fault(request, { metodo: 'GET', percorso: `/studenti/501/${year}/materie_nextapi$`, stato: 500, volte: readAttempts(500) });
          await (switching ? pastYear : startUp).release();
          break;
        }
        case 'session.scopeChanged':
          await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
          await page.getByRole('menuitem', { name: /2025\/2026/ }).click();
          await pastYear.waitForOne();
          break;
        case 'session.signOut':
          await page.getByRole('button', { name: /Menu utente/ }).click();
          await page.getByRole('menuitem', { name: 'Esci' }).click();
          break;
        case 'session.tokenRefreshed': {
          const before = await page.evaluate(SESSION_TOKEN);
          await badgeSettled(page);
          await fault(request, { metodo: 'GET', percorso: STUDENT_CALLS, stato: 401 });
          await openAbsences(page);
          // Renewed and saved for a reload; the retried call then shows the absences.
          await expect.poll(() => page.evaluate(SESSION_TOKEN)).not.toBe(before);
          await expect(page.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
          break;
        }
        case 'session.expired':
          await badgeSettled(page);
          await fault(request, { metodo: 'POST', percorso: '/refresh-token/$', stato: 401 });
          await fault(request, { metodo: 'GET', percorso: STUDENT_CALLS, stato: 401 });
          await openAbsences(page);
          break;
      }
      await expectScreen(page, await shadow.step(ev, step.state));
    }
  });
}
