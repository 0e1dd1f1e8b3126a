import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { apiErrorMessage, serviceOffMessage, statusMessage } from './messages';

describe("a screen's failed first load (spec §8)", () => {
  it('says a section is switched off when the server refuses it as such, and the status text for any other 403', () => {
    expect(apiErrorMessage(new ApiError(403, 'Servizio non attivo per lo studente', 'servizio_non_attivo'))).toEqual(serviceOffMessage);
    expect(apiErrorMessage(new ApiError(403, 'Accesso non consentito', 'forbidden'))).toEqual(statusMessage(403));
    expect(apiErrorMessage(new ApiError(404, null, null))).toEqual(statusMessage(404));
    expect(apiErrorMessage(new TypeError('x'))).toEqual(statusMessage(null));
  });
});
