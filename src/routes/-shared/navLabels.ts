import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NavGroup, SectionPath } from '../../domain/services';

export const GROUP_LABELS: Record<NavGroup, MessageDescriptor> = {
  home: msg`Home`,
  didattica: msg`Didattica`,
  servizi: msg`Servizi`,
  amministrazione: msg`Amministrazione`,
};

export const SECTION_LABELS: Record<SectionPath, MessageDescriptor> = {
  '/home': msg`Home`,
  '/novita': msg`Novità`,
  '/compiti': msg`Compiti`,
  '/voti': msg`Voti`,
  '/competenze-obiettivi': msg`Competenze e obiettivi`,
  '/assenze': msg`Assenze`,
  '/annotazioni': msg`Annotazioni`,
  '/note-disciplinari': msg`Note disciplinari`,
  '/note-tutor': msg`Note del tutor`,
  '/agenda': msg`Agenda`,
  '/argomenti': msg`Argomenti delle lezioni`,
  '/pagelle': msg`Pagelle`,
  '/materiale_didattico': msg`Materiale didattico`,
  '/verifiche': msg`Verifiche`,
  '/comunicazioni': msg`Comunicazioni`,
  '/messenger': msg`Messaggi`,
  '/bacheca': msg`Bacheca`,
  '/colloqui': msg`Colloqui individuali`,
  '/colloqui-generali': msg`Colloqui generali`,
  '/alternanza': msg`Alternanza scuola-lavoro`,
  '/elezioni': msg`Elezioni`,
  '/mense': msg`Mensa`,
  '/servizi-giornalieri': msg`Servizi giornalieri`,
  '/documenti': msg`Documenti`,
  '/pagamenti': msg`Pagamenti`,
  '/estratto-conto': msg`Estratto conto`,
  '/crediti': msg`Crediti`,
  '/negozio': msg`Negozio`,
  '/carrello': msg`Carrello`,
  '/agenzia-entrate': msg`Agenzia delle Entrate`,
  '/estratto-conto-ref': msg`Estratto conto (nuova versione)`,
  '/negozio-ref': msg`Negozio (nuova versione)`,
  '/carrello-ref': msg`Carrello (nuova versione)`,
};

/** Link props for a section: every section path is a route of its own, so the link is typed by it. */
export const sectionLink = (path: SectionPath) => ({ to: path }) as const;
