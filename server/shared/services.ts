/**
 * The per-student services (sections) a school switches on or off, keyed as in the contract's
 * `servizi` map: the core seed writes one row per key and every area checks its own.
 */
export const SERVICE_KEYS = [
  'compiti', 'voti', 'competenze', 'argomenti', 'agenda', 'annotazioni', 'note_tutor', 'assenze',
  'note_disciplinari', 'colloqui_individuali', 'colloqui_generali', 'alternanza', 'pagamenti',
  'comunicazioni', 'notizie', 'mense', 'elezioni', 'documenti', 'materiale_didattico', 'verifiche',
  'servizi_giornalieri', 'presa_visione_voti', 'presa_visione_note', 'orario', 'portale_iscrizioni',
  'assenze_dad', 'messaggi_inviati',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];
