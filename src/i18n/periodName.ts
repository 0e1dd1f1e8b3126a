import { t } from '@lingui/core/macro';

/** docs/product.md#grades: the number, an ordinal sign, then "periodo" (e.g. "1° periodo"). */
export function periodName(numero: number): string {
  return t`${numero}° periodo`;
}
