import type { Schemas } from '../../../../api/client';

/** A sender's name as the answers give it: real backends may put all of it in `cognome`. */
export function senderName(m: Schemas['MessageSender'] | undefined): string {
  return [m?.cognome, m?.nome]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
