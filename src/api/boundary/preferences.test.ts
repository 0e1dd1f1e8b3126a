import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../domain/preferences';
import { toPreferences, toPushKey } from './preferences';

describe('preferences reader', () => {
  it('reads the reference answer as sent', () => {
    const sent = {
      notifiche: {
        tipi: { voti: true, note: false, assenze: true, messaggi: true, colloqui: false, pagamenti: true, mense: true },
        studenti_esclusi: [{ id_scuola: 'DEMO02', id_studente: 502 }],
        modalita: 'riepilogo',
        silenzio: { attivo: true, dalle: '22:00', alle: '06:30' },
        riepilogo_ora: '18:45',
        mostra_dettagli: true,
      },
      nascondi_medie: true,
      lingua: 'en',
    };
    expect(toPreferences(sent)).toEqual(sent);
  });
  it('keeps the defaults for what is missing or malformed', () => {
    expect(toPreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(toPreferences({ notifiche: { tipi: { voti: 'SI' }, studenti_esclusi: [{ id_scuola: 'X' }, 3], riepilogo_ora: '25:00', modalita: 'x' }, nascondi_medie: 1, lingua: 'fr' })).toEqual(
      DEFAULT_PREFERENCES,
    );
  });
  it('reads the push key only when it looks like one', () => {
    const key = 'B'.repeat(87);
    expect(toPushKey({ chiave_pubblica: key })).toBe(key);
    expect(toPushKey({ chiave_pubblica: 'short' })).toBeNull();
    expect(toPushKey(undefined)).toBeNull();
  });
});
