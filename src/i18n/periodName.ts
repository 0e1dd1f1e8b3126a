import { t } from '@lingui/core/macro';

/** Spec §5: the number, an ordinal sign, then "periodo" (e.g. "1° periodo"). */
export function periodName(numero: number): string {
  return t`${numero}° periodo`;
}
