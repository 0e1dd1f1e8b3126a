/** Test model inputs of the student switch, shared by its unit model test and QA's browser transition suite. */
import { StudentSwitchError, type studentSwitchMachine } from '../studentSwitch.machine';
import type { ModelEvent } from './model';

const GIULIA = { id_scuola: 'DEMO02', id_studente: 502, anno: '2026_2027' };
const PAST_YEAR = { id_scuola: 'DEMO01', id_studente: 501, anno: '2025_2026' };

/** A family Home item of Giulia's: her grades. */
const GIULIA_GRADES = '/voti';

export const studentSwitchModel = {
  giulia: GIULIA,
  pastYear: PAST_YEAR,
  giuliaGrades: GIULIA_GRADES,
  /** Every event the switch can see: the student menu's, a family Home item's, and each outcome of its two steps. */
  events: [
    { type: 'switch.requested', scope: GIULIA },
    { type: 'switch.requested', scope: PAST_YEAR },
    { type: 'switch.requested', scope: GIULIA, to: GIULIA_GRADES },
    { type: 'switch.dismissed' },
    { type: 'xstate.done.actor.changeScope' },
    { type: 'xstate.error.actor.changeScope', error: new StudentSwitchError({ kind: 'studentData' }) },
    { type: 'xstate.error.actor.changeScope', error: new TypeError('offline') },
    { type: 'xstate.done.actor.openDestination' },
    { type: 'xstate.error.actor.openDestination', error: new Error('navigation cancelled') },
  ] satisfies ModelEvent<typeof studentSwitchMachine>[],
};
