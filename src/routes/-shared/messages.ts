import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { isApiError } from '../../api/client';
import { OFFLINE_CODE, TIMEOUT_CODE } from '../../domain/failure';
import type { SessionError } from '../../machines/session.machine';

/** The sign-in messages (docs/product.md#sign-in-messages), worded exactly as there. */
export function sessionErrorMessage(error: SessionError): MessageDescriptor | string {
  switch (error.kind) {
    case 'invalidCredentials':
      return msg`Codice utente e/o password non validi`;
    case 'passwordOff':
      return msg`La scuola consente l'accesso solo con SPID o CIE.`;
    case 'firstCycle':
      return msg`Gli alunni della scuola primaria e della secondaria di primo grado non accedono al registro elettronico (legge 182/2025, art. 51): l'accesso è riservato ai genitori, con SPID o CIE.`;
    case 'providerCancelled':
      return error.method === 'cie' ? msg`Accesso con CIE annullato` : msg`Accesso con SPID annullato`;
    case 'providerFailed':
      return error.method === 'cie' ? msg`Non è stato possibile effettuare l'accesso con CIE` : msg`Non è stato possibile effettuare l'accesso con SPID`;
    case 'codeExpired':
      return msg`Il tempo per completare l'accesso è scaduto: riprova.`;
    case 'taxCodeNoUser':
      return error.detail ?? msg`Il codice fiscale non è associato a nessun utente della scuola: contatta la segreteria`;
    case 'taxCodeSeveralUsers':
      return error.detail ?? msg`Il codice fiscale è associato a più utenti della scuola: contatta la segreteria`;
    case 'mobileMissingCode':
      return msg`Parametri mancanti: apri questa pagina dall'app della scuola`;
    case 'mobileInvalidCode':
      return msg`Token non valido: apri di nuovo questa pagina dall'app della scuola`;
    case 'mobileUnauthorized':
      return msg`Accesso non autorizzato: apri questa pagina dall'app della scuola.`;
    case 'mobileExpiredCode':
      return msg`Il collegamento è scaduto o è già stato usato: apri di nuovo questa pagina dall'app della scuola`;
    case 'mobileFailed':
      return msg`Errore di validazione del token: riprova più tardi`;
    case 'timeout':
      return error.detail ?? msg`Il server impiega troppo tempo a rispondere, riprova tra qualche minuto`;
    case 'loginFailed':
      return msg`Non è stato possibile effettuare l'accesso, riprova più tardi`;
    case 'studentData':
      return msg`Credenziali corrette, ma non è stato possibile caricare i dati dello studente. Errore configurazione dati studente`;
    case 'schoolConfiguration':
      return msg`Errore configurazione parametri scuola`;
    case 'subjectsUnauthorized':
      return msg`Non è stato possibile caricare le materie`;
    case 'subjectsSettings':
      return msg`Impostazioni materie non corrette`;
    case 'subjectsFailed':
      return msg`attenzione, si è verificato un errore imprevisto`;
    case 'updates':
      return msg`Errore caricamento aggiornamenti scuola`;
    case 'sessionExpired':
      return msg`La sessione è scaduta, accedi di nuovo`;
  }
}

/** The messages by status (docs/product.md#messages-by-status), for a screen whose data could not be loaded. */
export function apiErrorMessage(error: unknown): MessageDescriptor {
  // A section switched off for the student (the server's 403 servizio_non_attivo), e.g. reached by
  // its address before the sidebar knew: the spec's words for a disabled section, not a wrong password.
  if (isApiError(error) && error.status === 403 && error.code === 'servizio_non_attivo') return serviceOffMessage;
  return isApiError(error) ? statusMessage(error.status, error.code) : statusMessage(null);
}

/** docs/product.md#navigation: a section whose service the school switched off for the student. */
export const serviceOffMessage = msg`Questa sezione è stata temporanemante disabilitata da parte della scuola`;

/** A write refused while the browser is offline (api/client.ts): it was never sent. */
export const offlineActionMessage = msg`Sei offline: riprova quando torna la connessione.`;

/**
 * The messages by status (docs/product.md#messages-by-status; 0: no answer at all; null: not an API failure). The
 * failure's code tells two cases of "no answer" apart: a write refused offline (never sent), and a
 * call the client stopped waiting for (its timeout: the slow server's text).
 */
export function statusMessage(status: number | null, code?: string | null): MessageDescriptor {
  if (status === 0 && code === OFFLINE_CODE) return offlineActionMessage;
  if (status === 0 && code === TIMEOUT_CODE) return statusMessage(408);
  switch (status) {
    case 0:
      return msg`Connessione assente: controlla la rete e riprova`;
    case 401:
      return msg`La sessione è scaduta, accedi di nuovo`;
    case 403:
      return msg`Codice utente o password non corretti`;
    case 404:
      return msg`Contenuto non disponibile`;
    case 408:
      return msg`Il server è troppo lento a rispondere, riprova tra qualche minuto`;
    default:
      return msg`attenzione, si è verificato un errore imprevisto`;
  }
}

/** A page whose code could not be loaded twice in a row (after a deploy, or offline). */
export const chunkErrorMessage = msg`Non è stato possibile caricare questa pagina. Ricarica la pagina per usare la versione più recente del portale.`;
