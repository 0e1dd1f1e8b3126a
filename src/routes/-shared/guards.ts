import type { StudentContext } from './sectionRules';

/**
 * The route guards of the signed-in area. Route definitions are in the route tree that /login
 * loads, so the section list and its rules (sectionRules.ts) load with the first signed-in page
 * instead; `_private` starts that while the session settles, so no navigation waits for it.
 */
export const loadSectionRules = () => import('./sectionRules');

/**
 * A section opens only when the school has switched its service on for the student (docs/product.md#navigation);
 * otherwise the user lands on Home, which explains that the school disabled the section.
 */
export async function requireSection(path: string, ctx: StudentContext): Promise<void> {
  (await loadSectionRules()).checkSection(path, ctx);
}
