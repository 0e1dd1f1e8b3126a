/** Test model inputs of the work-experience subscription, shared by its unit model test and the browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { workExperienceMachine, ProjectRef } from '../workExperience.machine';
import type { ModelEvent } from './model';

const OPEN: ProjectRef = { id: 8101, titolo: 'Laboratorio di biotecnologie' };
const MINE: ProjectRef = { id: 8102, titolo: 'Redazione giornale locale' };

/** Test model inputs, shared by the unit model test and the browser transition suite. */
export const workExperienceModel = {
  projects: { open: OPEN, mine: MINE },
  events: [
    { type: 'subscribe.requested', project: OPEN },
    { type: 'cancel.requested', project: MINE },
    { type: 'choice.confirmed' },
    { type: 'choice.dismissed' },
    { type: 'xstate.done.actor.subscribe', output: {} },
    { type: 'xstate.error.actor.subscribe', error: { status: 409, detail: 'Conflict', error: 'Posti esauriti per questo progetto' } satisfies ActionFailure },
    { type: 'xstate.done.actor.unsubscribe', output: {} },
    { type: 'xstate.error.actor.unsubscribe', error: { status: 409, detail: 'Conflict', error: 'Il progetto non è più annullabile' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof workExperienceMachine>[],
};
