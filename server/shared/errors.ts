import type { Schemas } from './contract';

/** Every error answer of the API is `{ detail, error }`. */
export type ErrorBody = Schemas['Error'];

export class ApiError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;

  constructor(statusCode: number, detail: string, error: string) {
    super(detail);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.body = { detail, error };
  }
}

export const invalidCredentials = (): ApiError =>
  new ApiError(401, 'Codice utente e/o password non validi', 'invalid_credentials');
/** Valid credentials of a first-cycle pupil: the law lets only the parents in (law 182/2025, art. 51). */
export const firstCycleRefused = (): ApiError =>
  new ApiError(
    403,
    "Gli alunni della scuola primaria e della secondaria di primo grado non accedono al registro elettronico (legge 182/2025, art. 51): l'accesso è riservato ai genitori, con SPID o CIE.",
    'accesso_primo_ciclo',
  );
/** The school has switched user code and password off: SPID and CIE only. */
export const passwordSignInOff = (): ApiError => new ApiError(403, "La scuola consente l'accesso solo con SPID o CIE.", 'solo_spid_cie');
export const sessionExpired = (): ApiError => new ApiError(401, 'Sessione scaduta', 'unauthorized');
export const forbidden = (): ApiError => new ApiError(403, 'Accesso non consentito', 'forbidden');
export const badRequest = (detail: string, error = 'bad_request'): ApiError => new ApiError(400, detail, error);
export const notFound = (): ApiError => new ApiError(404, 'Contenuto non disponibile', 'not_found');
export const rateLimited = (): ApiError =>
  new ApiError(429, 'Troppi tentativi di accesso, riprova tra un minuto', 'rate_limited');
/** docs/product.md#a-failed-action: on 409 the client shows `error`, so the human text goes there. */
export const conflict = (message: string): ApiError => new ApiError(409, 'Conflict', message);
export const internalError = (): ErrorBody => ({ detail: 'Errore interno', error: 'internal' });
/** The database is busy (another writer holds it): answered at once, to be retried, instead of waiting. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
export const serviceBusy = (): ErrorBody => ({ detail: 'Servizio momentaneamente occupato, riprova tra qualche istante', error: 'unavailable' });

const errorCodeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function errorCodeFor(statusCode: number): string {
  return errorCodeByStatus[statusCode] ?? 'bad_request';
}
