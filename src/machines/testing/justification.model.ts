/** Test model inputs of the online justification, shared by its unit model test and the browser transition suite. */
import type { JustificationDraft, JustificationResult } from '../../domain/absences';
import type { ActionFailure } from '../../domain/failure';
import type { justificationMachine } from '../justification.machine';
import type { ModelEvent } from './model';

const TWO_ABSENCES: JustificationDraft = {
  items: [
    { id: 31, list: 'normale' },
    { id: 27, list: 'normale' },
  ],
  reasons: { normale: 'SAL' },
  text: 'Febbre e mal di gola.',
};
const NOTHING_CHOSEN: JustificationDraft = { items: [], reasons: {}, text: '' };
const DEADLINE_PASSED = "I termini per giustificare l'assenza sono scaduti: rivolgersi alla segreteria";

/**
 * Test model inputs, shared by the unit model test and QA's browser transition suite: every event
 * the machine can see, with each kind of draft and each outcome of the call. The browser suite maps
 * the ids to the absences it finds on screen, in order.
 */
export const justificationModel = {
  drafts: { complete: TWO_ABSENCES, incomplete: NOTHING_CHOSEN },
  deadlinePassed: DEADLINE_PASSED,
  events: [
    { type: 'justification.submitted', draft: TWO_ABSENCES },
    { type: 'justification.submitted', draft: NOTHING_CHOSEN },
    { type: 'xstate.done.actor.justifyAbsences', output: { justified: [31, 27], failed: [] } satisfies JustificationResult },
    {
      type: 'xstate.done.actor.justifyAbsences',
      output: { justified: [31], failed: [{ id: 27, failure: { status: 409, detail: 'Conflict', error: DEADLINE_PASSED } }] } satisfies JustificationResult,
    },
    { type: 'xstate.error.actor.justifyAbsences', error: { status: 409, detail: 'Conflict', error: DEADLINE_PASSED } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof justificationMachine>[],
};
