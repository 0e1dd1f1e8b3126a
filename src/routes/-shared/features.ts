/**
 * Build flags (Vite env, fixed at build time). VITE_REFACTOR_ROUTES=true builds the refactored
 * payments pages' routes (docs/product.md#navigation: /estratto-conto-ref, /negozio-ref, /carrello-ref).
 */
export const REFACTOR_ROUTES = import.meta.env.VITE_REFACTOR_ROUTES === 'true';
