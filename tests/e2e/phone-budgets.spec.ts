import { test, expect } from './fixtures';
import { budgetMisses, measurePhone, report, signIn, VIEWPORTS } from '../../scripts/lib/phoneBudgets.mjs';

// The phone budgets of `npm run measure:phone` (scripts/lib/phoneBudgets.mjs), in `npm test`: the
// top bar, the items of each list screen in the first screenful, /voti's screenfuls for the year,
// the controls under 24 px. The figures are attached to the report and printed on a miss.
for (const viewport of VIEWPORTS) {
  test.describe(`phone budgets at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test('every budget is met', async ({ page }, testInfo) => {
      // Nineteen screens, each with its filter sheet opened and closed: about half a minute.
      test.setTimeout(120_000);
      await signIn(page);
      const measured = await measurePhone(page);
      const lines = report(measured).join('\n');
      await testInfo.attach('figures', { body: lines, contentType: 'text/plain' });
      expect(budgetMisses(measured), lines).toEqual([]);
    });
  });
}
