/** Euro amounts of the payments-related areas (pagamenti, mense, servizi_giornalieri): stored as integer cents. */

/** Integer cents → decimal euros with two decimals. */
export const euros = (cents: number): number => Math.round(cents) / 100;

/** `12,50 €`-style text for messages shown to the user. */
export const eurosText = (cents: number): string => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
