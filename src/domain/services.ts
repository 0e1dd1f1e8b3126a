/**
 * Sections of the portal and the service flag that opens each one (docs/product.md#navigation). A missing flag means
 * the school has not switched the service on.
 */
export type ServiceFlags = Record<string, boolean>;
export type MessengerVersion = 'VERSIONE_1' | 'VERSIONE_2';
export type NavGroup = 'home' | 'didattica' | 'servizi' | 'amministrazione';

export interface Section {
  path: string;
  group: NavGroup;
  /** null: sign-in alone opens it. */
  service: string | null;
  /** Shown only for students on this messenger version. */
  messenger?: MessengerVersion;
}

export const SECTIONS = [
  { path: '/home', group: 'home', service: null },
  { path: '/novita', group: 'home', service: null },
  { path: '/compiti', group: 'didattica', service: 'compiti' },
  { path: '/voti', group: 'didattica', service: 'voti' },
  { path: '/competenze-obiettivi', group: 'didattica', service: 'competenze' },
  { path: '/assenze', group: 'didattica', service: 'assenze' },
  { path: '/annotazioni', group: 'didattica', service: 'annotazioni' },
  { path: '/note-disciplinari', group: 'didattica', service: 'note' },
  { path: '/note-tutor', group: 'didattica', service: 'note_tutor' },
  { path: '/agenda', group: 'didattica', service: 'agenda' },
  { path: '/argomenti', group: 'didattica', service: 'argomenti' },
  { path: '/pagelle', group: 'didattica', service: 'pagelle' },
  { path: '/materiale_didattico', group: 'didattica', service: 'materiale_didattico' },
  { path: '/verifiche', group: 'didattica', service: 'verifiche' },
  { path: '/comunicazioni', group: 'didattica', service: 'comunicazioni', messenger: 'VERSIONE_1' },
  { path: '/messenger', group: 'didattica', service: 'comunicazioni', messenger: 'VERSIONE_2' },
  { path: '/bacheca', group: 'didattica', service: 'notizie', messenger: 'VERSIONE_2' },
  { path: '/colloqui', group: 'didattica', service: 'colloqui_individuali' },
  { path: '/colloqui-generali', group: 'didattica', service: 'colloqui_generali' },
  { path: '/alternanza', group: 'didattica', service: 'alternanza' },
  { path: '/elezioni', group: 'servizi', service: 'elezioni' },
  { path: '/mense', group: 'servizi', service: 'mense' },
  { path: '/servizi-giornalieri', group: 'servizi', service: 'servizi_giornalieri' },
  { path: '/documenti', group: 'amministrazione', service: 'documenti' },
  { path: '/pagamenti', group: 'amministrazione', service: 'pagamenti' },
  { path: '/estratto-conto', group: 'amministrazione', service: 'pagamenti' },
  { path: '/crediti', group: 'amministrazione', service: 'pagamenti' },
  { path: '/negozio', group: 'amministrazione', service: 'pagamenti' },
  { path: '/carrello', group: 'amministrazione', service: 'pagamenti' },
  { path: '/agenzia-entrate', group: 'amministrazione', service: null },
] as const satisfies readonly Section[];

/** docs/product.md#navigation: the payments pages' refactored versions, routes only when a build flag turns them on; not in the sidebar. */
export const REFACTOR_SECTIONS = [
  { path: '/estratto-conto-ref', group: 'amministrazione', service: 'pagamenti' },
  { path: '/negozio-ref', group: 'amministrazione', service: 'pagamenti' },
  { path: '/carrello-ref', group: 'amministrazione', service: 'pagamenti' },
] as const satisfies readonly Section[];

export type SectionPath = (typeof SECTIONS)[number]['path'] | (typeof REFACTOR_SECTIONS)[number]['path'];

export const findSection = (path: string, opts: { refactorRoutes?: boolean } = {}): Section | undefined =>
  SECTIONS.find((s) => s.path === path) ?? (opts.refactorRoutes ? REFACTOR_SECTIONS.find((s) => s.path === path) : undefined);

/** Whether the school has switched a service on for the student: only an explicit true counts (docs/product.md#navigation). */
export const hasService = (servizi: ServiceFlags, service: string): boolean => servizi[service] === true;

/** Whether the student may open a section: its service is on and it belongs to the student's messenger version. */
export function isSectionOpen(section: Section, servizi: ServiceFlags, messenger: MessengerVersion): boolean {
  if (section.messenger && section.messenger !== messenger) return false;
  return section.service === null || hasService(servizi, section.service);
}
