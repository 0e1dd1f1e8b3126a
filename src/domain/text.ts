/** docs/product.md#accessibility-and-locale: subject labels and recipient summaries are cut at 30 characters. */
export const SUBJECT_LABEL_MAX = 30;
export const RECIPIENTS_SUMMARY_MAX = 30;

/**
 * s unchanged when it fits, otherwise its first `max` characters (trailing spaces dropped) plus '…'.
 * Counts code points so an emoji or other astral character is never split in half.
 */
export function truncateLabel(s: string, max = SUBJECT_LABEL_MAX): string {
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  return chars.slice(0, Math.max(0, max)).join('').trimEnd() + '…';
}
