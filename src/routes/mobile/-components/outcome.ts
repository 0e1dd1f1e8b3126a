/**
 * How a mobile page tells the embedding app how it ended (docs/mobile.md): one message, the same
 * on every channel the page finds, then the final address the app can watch for.
 */
export type MobileOutcomeState = 'confermato' | 'annullato' | 'abbandonato' | 'errore';

export interface MobileOutcome {
  tipo: 'portale-famiglie.esito';
  versione: 1;
  pagina: string;
  stato: MobileOutcomeState;
  /** The checkout's id (`pi_…`, `sp_…`) when there was one. */
  id_transazione: string | null;
  /** Euros, as the contract's `importo`. */
  importo: number | null;
  /** For `errore`: which error the page shows (docs/mobile.md: `parametri_mancanti`, `token_non_valido`, …). */
  errore: string | null;
}

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

/** The embedding page's origin, when there is one to tell: never `*`, the outcome is the family's. */
function parentOrigin(): string | null {
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

export function tellApp(outcome: MobileOutcome) {
  const text = JSON.stringify(outcome);
  window.ReactNativeWebView?.postMessage(text);
  if (window.parent !== window) {
    const origin = parentOrigin();
    if (origin) window.parent.postMessage(text, origin);
  }
}

/** The final address: `/mobile/esito?stato=…` (and the checkout's id), which the app may intercept. */
export const outcomeSearch = (o: MobileOutcome) => ({
  stato: o.stato,
  ...(o.id_transazione ? { id: o.id_transazione } : {}),
});
