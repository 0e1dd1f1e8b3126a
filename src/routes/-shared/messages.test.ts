import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { apiErrorMessage, serviceOffMessage, statusMessage } from './messages';
import { actionErrorText, failureText } from './failureText';

describe("a screen's failed first load (docs/product.md#messages-by-status)", () => {
  it('says a section is switched off when the server refuses it as such, and the status text for any other 403', () => {
    expect(apiErrorMessage(new ApiError(403, 'Servizio non attivo per lo studente', 'servizio_non_attivo'))).toEqual(serviceOffMessage);
    expect(apiErrorMessage(new ApiError(403, 'Accesso non consentito', 'forbidden'))).toEqual(statusMessage(403));
    expect(apiErrorMessage(new ApiError(404, null, null))).toEqual(statusMessage(404));
    expect(apiErrorMessage(new TypeError('x'))).toEqual(statusMessage(null));
  });
});

describe("a failed action's words (docs/product.md#a-failed-action), the one rule of every screen", () => {
  // An identity I18n: the message's Italian source is what the test reads.
  const i18n = { _: (m: { message?: string; id: string }) => m.message ?? m.id } as unknown as Parameters<typeof failureText>[1];
  const failure = (status: number | null, detail: string | null, error: string | null) => ({ status, detail, error });

  it("takes the server's sentence on 409, and its reason on a refused request, a refused file or the school's message", () => {
    expect(failureText(failure(409, 'x', 'Lo slot è già stato prenotato'), i18n)).toBe('Lo slot è già stato prenotato');
    for (const status of [400, 403, 413, 415, 901]) expect(failureText(failure(status, 'Il motivo', 'codice'), i18n)).toBe('Il motivo');
  });

  it("says the status's message otherwise, and when the server gave no words", () => {
    expect(failureText(failure(409, 'x', null), i18n)).toBe(i18n._(statusMessage(409)));
    expect(failureText(failure(500, 'dettaglio interno', 'errore'), i18n)).toBe('attenzione, si è verificato un errore imprevisto');
    expect(failureText(failure(408, null, null), i18n)).toBe('Il server è troppo lento a rispondere, riprova tra qualche minuto');
    expect(failureText(failure(403, null, 'forbidden'), i18n)).toBe(i18n._(statusMessage(403)));
    expect(failureText(failure(null, null, null), i18n)).toBe('attenzione, si è verificato un errore imprevisto');
    expect(failureText(failure(0, null, 'offline'), i18n)).toBe('Sei offline: riprova quando torna la connessione.');
  });

  it('reads any rejection the same way', () => {
    expect(actionErrorText(new ApiError(409, 'x', 'Già confermata'), i18n)).toBe('Già confermata');
    expect(actionErrorText(new TypeError('x'), i18n)).toBe('attenzione, si è verificato un errore imprevisto');
  });
});
