/**
 * The tax consent's transition suite on /agenzia-entrate: each path starts from Marco's consent
 * with no choice made (put back through the API), the page's change calls are held and answered as
 * the path's done/error step says (a success, the school's refusal, a server error), and after each
 * step the screen must show what the machine run beside it holds.
 */
import type { Page, Route } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect, openSignedIn } from '../e2e/fixtures';
import { taxConsentMachine, type TaxConsentEvent } from '../../src/machines/taxConsent.machine';
import { taxConsentModel } from '../../src/machines/testing/taxConsent.model';
import type { TaxChangeResult, TaxConsent } from '../../src/domain/payments';
import { apiSession, defineMachineSuite, shadowOf, type StepEvent } from './replay';

const CHANGE = /\/ade-(pagante|opposizione)$/;
type Snapshot = SnapshotFrom<typeof taxConsentMachine>;

const PAYER_BUTTON = /Conferma il pagante|Ritira la conferma del pagante/;
const yesNo = (b: boolean) => (b ? 'Sì' : 'No');

async function expectScreen(page: Page, snap: Snapshot) {
  const { consent, problem } = snap.context;
  await expect(page.getByTestId('ade-pagante')).toHaveText(yesNo(consent.confermaPagante));
  await expect(page.getByTestId('ade-opposizione')).toHaveText(yesNo(consent.opposizione));
  if (snap.matches('readOnly')) {
    await expect(page.getByText("La scelta non si può più modificare per quest'anno scolastico.")).toBeVisible();
    await expect(page.getByRole('button', { name: PAYER_BUTTON })).toHaveCount(0);
  } else {
    await expect(page.getByRole('button', { name: consent.confermaPagante ? 'Ritira la conferma del pagante' : 'Conferma il pagante' })).toBeEnabled({
      enabled: !snap.matches('saving'),
    });
  }
  const alert = page.getByRole('alert').filter({ hasText: 'La modifica non è stata applicata' });
  if (!problem) await expect(alert).toHaveCount(0);
  else if (problem.kind === 'refused') await expect(alert).toContainText(problem.errore ?? '');
  else await expect(alert).toContainText('errore imprevisto');
}

/** The contract's answer for an applied change. */
const answerOf = (c: Partial<TaxConsent>) => ({
  success: true,
  errore: null,
  ...(c.confermaPagante !== undefined && { conferma_pagante_ade: c.confermaPagante }),
  ...(c.opposizione !== undefined && { opposizione_ade: c.opposizione }),
  ...(c.data !== undefined && { data: c.data }),
  ...(c.attivo !== undefined && { attivo: c.attivo }),
});

export function defineTaxConsentTransitionSuite() {
  defineMachineSuite<typeof taxConsentMachine>('taxConsent', async (page, request, path) => {
    // Marco's consent as the model starts it: no payer confirmed, no opposition.
    const api = await apiSession(request, 'genitore.demo');
    const base = api.base('Marco');
    expect((await api.post(`${base}/ade-opposizione`, { opposizione_ade: false })).ok()).toBe(true);
    expect((await api.post(`${base}/ade-pagante`, { conferma_pagante_ade: false })).ok()).toBe(true);

    const held: Route[] = [];
    await page.route(
      (url) => CHANGE.test(url.pathname),
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        held.push(route);
      },
    );
    await openSignedIn(page, '/agenzia-entrate');
    const shadow = shadowOf(taxConsentMachine, ['changeConsent'], taxConsentModel.input);
    await expectScreen(page, shadow.snapshot());
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<TaxConsentEvent>;
      if (ev.type === 'ade.changeRequested') {
        const { change } = ev;
        const name =
          change.kind === 'pagante'
            ? change.value ? 'Conferma il pagante' : 'Ritira la conferma del pagante'
            : change.value ? "Mi oppongo all'invio dei dati" : "Ritira l'opposizione";
        await page.getByRole('button', { name }).click();
        await expect.poll(() => held.length).toBe(1);
        expect(held[0]!.request().url()).toContain(change.kind === 'pagante' ? '/ade-pagante' : '/ade-opposizione');
        expect(held[0]!.request().postDataJSON()).toEqual(change.kind === 'pagante' ? { conferma_pagante_ade: change.value } : { opposizione_ade: change.value });
      } else if (ev.type === 'xstate.done.actor.changeConsent') {
        const result = ev.output as TaxChangeResult;
        await held.shift()!.fulfill({ json: result.success ? answerOf(result.consent) : { success: false, errore: result.errore } });
      } else if (ev.type === 'xstate.error.actor.changeConsent') {
        await held.shift()!.fulfill({ status: 500, json: { detail: 'Errore interno', error: 'errore_interno' } });
      }
      await expectScreen(page, await shadow.step(ev, step.state));
    }
  });
}
