/** Test model inputs of the tax consent, shared by its unit model test and the browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { TaxChangeResult, TaxConsent } from '../../domain/payments';
import type { taxConsentMachine, TaxConsentInput } from '../taxConsent.machine';
import type { ModelEvent } from './model';

const CONSENT: TaxConsent = {
  confermaPagante: false,
  opposizione: false,
  data: null,
  attivo: true,
  dataLimite: '2027-02-28',
  pagante: 'Laura Rossi',
};

/** Test model inputs shared by the unit model test and the browser suite. */
export const taxConsentModel = {
  input: { consent: CONSENT } satisfies TaxConsentInput,
  /** Closed for the year: no event has a transition, so it has no path of its own. */
  closedInput: { consent: { ...CONSENT, attivo: false } } satisfies TaxConsentInput,
  events: [
    { type: 'ade.changeRequested', change: { kind: 'pagante', value: true } },
    { type: 'ade.changeRequested', change: { kind: 'opposizione', value: true } },
    { type: 'xstate.done.actor.changeConsent', output: { success: true, consent: { confermaPagante: true, data: '2026-11-20T09:00:00+01:00', attivo: true } } satisfies TaxChangeResult },
    { type: 'xstate.done.actor.changeConsent', output: { success: true, consent: { confermaPagante: false, attivo: false } } satisfies TaxChangeResult },
    {
      type: 'xstate.done.actor.changeConsent',
      output: { success: false, errore: "Non è possibile confermare il pagante: è presente un'opposizione all'invio dei dati" } satisfies TaxChangeResult,
    },
    { type: 'xstate.error.actor.changeConsent', error: { status: 500, detail: 'Errore interno', error: null } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof taxConsentMachine>[],
};
