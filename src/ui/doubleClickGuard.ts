/** What a click acts on: the control around the element hit (a button's label, a link's icon). */
const ACTIONABLE = 'a[href], button, input, select, textarea, label, summary, [role="button"], [role="tab"], [role="option"], [role="menuitem"]';
const actionOf = (target: EventTarget | null): EventTarget | null => (target instanceof Element ? (target.closest(ACTIONABLE) ?? target) : target);

/**
 * The second click of a double click acts only on what the first one did. When the first click's
 * answer moved the page under the pointer (a sent message closes its panel and the list below
 * comes up), the second click would otherwise land on whatever came there: another thread opened,
 * another row chosen. Clicks counted apart by the browser (`detail` 1, or 0 from the keyboard) and
 * a double click on one control (a quantity's "+" pressed twice) are untouched. Listens in the
 * capture phase on `root`, before React's handlers; returns the undo.
 */
export function guardDoubleClicks(root: Document = document): () => void {
  let first: EventTarget | null = null;
  const onClick = (e: MouseEvent) => {
    if (e.detail <= 1) {
      first = actionOf(e.target);
    } else if (actionOf(e.target) !== first) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}
