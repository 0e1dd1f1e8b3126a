/**
 * The portal's routes by access class (navigation.spec.ts visits each; a11y.spec.ts runs axe on each
 * in the dark scheme). docs/product.md#who-and-what: every route of the list in its access class, for both demo students.
 * Marco: every service on, messenger v2. Giulia: alternanza, elezioni and mense off, messenger v1.
 * Report cards open on the real backend's `pagelle` flag (README, "Service flags").
 */
export const SIGN_IN_ONLY = ['/home', '/novita', '/agenzia-entrate', '/preferenze'];
export const CONDITIONAL = [
  '/pagelle', '/compiti', '/voti', '/competenze-obiettivi', '/argomenti', '/agenda', '/annotazioni', '/note-tutor', '/assenze',
  '/note-disciplinari', '/colloqui', '/colloqui-generali', '/alternanza', '/pagamenti', '/comunicazioni', '/messenger',
  '/bacheca', '/mense', '/elezioni', '/documenti', '/materiale_didattico', '/verifiche', '/servizi-giornalieri',
  '/estratto-conto', '/crediti', '/negozio', '/carrello',
];
export const PROTECTED = [...SIGN_IN_ONLY, '/anteprima_pagelle', ...CONDITIONAL];
export const REFACTOR_ONLY = ['/estratto-conto-ref', '/negozio-ref', '/carrello-ref'];
export const NO_SIGN_IN = ['/mobile/estratto-conto', '/mobile/negozio', '/mobile/carrello'];

export const DISABLED_FOR = {
  marco: ['/comunicazioni'],
  giulia: ['/alternanza', '/elezioni', '/mense', '/messenger', '/bacheca'],
} as const;
