/**
 * The per-student services (sections) a school switches on or off, keyed as in the contract's
 * `servizi` map: the 36 flag names the real backend declares (disciplinary notes are `note`, report
 * cards `pagelle`, the notice board and news `notizie`). The core seed writes one row per key and
 * every area checks its own.
 */
export const SERVICE_KEYS = [
  'agenda', 'alternanza', 'annotazioni', 'argomenti', 'assenze', 'assenze_dad', 'colloqui_individuali',
  'colloqui_generali', 'compiti', 'elenco_professori', 'mense', 'messaggi', 'note', 'presa_visione_note',
  'orario', 'pagamenti', 'pagelle', 'storico', 'voti', 'presa_visione_voti', 'elezioni', 'documenti',
  'servizi_giornalieri', 'materiale_didattico', 'verifiche', 'portale_iscrizioni', 'competenze',
  'comunicazioni', 'messaggi_inviati', 'cambio_password', 'recupero_password', 'banner', 'notizie',
  'videomeeting', 'note_tutor', 'colloqui',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
