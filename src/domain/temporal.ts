import type { Temporal as Api } from 'temporal-polyfill';

/**
 * Temporal: the browser's own where it has one (Chromium 144 and later, Firefox 139 and later), the
 * polyfill elsewhere (Safari, Node 20 in the unit tests), fetched only then. Every date rule of the
 * app goes through this module, never through the polyfill directly (its 19 KB were part
 * of every first page that shows a date, in browsers that did not need them).
 */
export const Temporal: typeof Api = (globalThis as { Temporal?: typeof Api }).Temporal ?? (await import('temporal-polyfill')).Temporal;

/** The types, under the same name as the value: `Temporal.PlainDate` and the rest. */
// eslint-disable-next-line @typescript-eslint/no-namespace -- a type-only namespace, merged with the value above
export declare namespace Temporal {
  export type Instant = Api.Instant;
  export type PlainDate = Api.PlainDate;
  export type PlainDateTime = Api.PlainDateTime;
  export type PlainTime = Api.PlainTime;
  export type PlainYearMonth = Api.PlainYearMonth;
  export type ZonedDateTime = Api.ZonedDateTime;
  export type Duration = Api.Duration;
}
