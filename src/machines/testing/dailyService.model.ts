/** Test model inputs of the daily services, shared by its unit model test and the browser transition suite. */
import type { ActionFailure } from '../../domain/failure';
import type { dailyServiceMachine, DailyServiceTarget } from '../dailyService.machine';
import type { ModelEvent } from './model';

const SERVICE: DailyServiceTarget = { data_adesione: '2026-11-23', id_marketplace: 22, descrizione: 'Navetta Stazione FS - Liceo (andata)' };

/** Test model inputs, shared by the unit model test and the browser transition suite. */
export const dailyServiceModel = {
  service: SERVICE,
  joinRefused: 'Il servizio è già prenotato per il giorno scelto',
  leaveRefused: 'Nessuna prenotazione da annullare per il giorno scelto',
  events: [
    { type: 'service.join', service: SERVICE },
    { type: 'service.leave', service: SERVICE },
    { type: 'xstate.done.actor.joinService', output: { ok: true, messaggio: 'Prenotazione effettuata', joined: true, credito_residuo: 10 } },
    { type: 'xstate.done.actor.joinService', output: { ok: false, messaggio: 'Il servizio è già prenotato per il giorno scelto', joined: true, credito_residuo: 10 } },
    { type: 'xstate.error.actor.joinService', error: { status: 500, detail: 'Errore interno', error: 'internal' } satisfies ActionFailure },
    { type: 'xstate.done.actor.leaveService', output: { ok: true, messaggio: 'Prenotazione annullata', joined: false, credito_residuo: 11.5 } },
    { type: 'xstate.done.actor.leaveService', output: { ok: false, messaggio: 'Nessuna prenotazione da annullare per il giorno scelto', joined: false, credito_residuo: 10 } },
    { type: 'xstate.error.actor.leaveService', error: { status: 500, detail: 'Errore interno', error: 'internal' } satisfies ActionFailure },
  ] satisfies ModelEvent<typeof dailyServiceMachine>[],
};
