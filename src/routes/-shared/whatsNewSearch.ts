import { isNewsKind, type NewsKind } from '../../domain/whatsNewKinds';

// The part of Novità's search params that its route definition uses: route definitions are in the
// route tree that /login loads, so this lives outside the screen's own folder.

/** Novità's filters, in the URL so a reload and the back button keep them: the child (`school:id`) and the kind. */
export interface WhatsNewSearch {
  figlio?: string;
  tipo?: NewsKind;
}

export function validateWhatsNewSearch(search: Record<string, unknown>): WhatsNewSearch {
  const out: WhatsNewSearch = {};
  if (typeof search.figlio === 'string' && /^[\w-]{1,40}:\d{1,12}$/.test(search.figlio)) out.figlio = search.figlio;
  if (isNewsKind(search.tipo)) out.tipo = search.tipo;
  return out;
}
