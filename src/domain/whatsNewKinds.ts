/**
 * The kinds of Novità item (docs/product.md, "Novità"), apart from the rules: the route's search
 * validation reads them on every navigation, /login included, where Temporal must not load.
 */
export type NewsKind = 'voto' | 'nota' | 'annotazione' | 'assenza' | 'compito' | 'comunicazione' | 'messaggio' | 'bacheca' | 'pagella' | 'pagamento';

/** The kinds in the order the filter offers them (and a day's untimed items show). */
export const NEWS_KINDS: readonly NewsKind[] = ['voto', 'nota', 'annotazione', 'assenza', 'compito', 'comunicazione', 'messaggio', 'bacheca', 'pagella', 'pagamento'];

export const isNewsKind = (v: unknown): v is NewsKind => typeof v === 'string' && (NEWS_KINDS as readonly string[]).includes(v);
