import { Trans } from '@lingui/react/macro';

/** What a screen reader hears after a link or item that opens a new tab. */
export function NewTabHint() {
  return (
    <span className="visually-hidden">
      {' '}
      <Trans>(si apre in una nuova scheda)</Trans>
    </span>
  );
}
