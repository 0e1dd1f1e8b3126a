import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { shuffled, SPID_PROVIDERS } from '../../../domain/identityProviders';
import { NewTabHint } from '../../../ui/NewTabHint';
import styles from './SignInButtons.module.css';

/** The guideline's three links below the providers, on AgID's site. */
const SPID_LINKS = {
  info: 'https://www.spid.gov.it',
  request: 'https://www.spid.gov.it/cos-e-spid/come-attivare-spid/',
  help: 'https://www.spid.gov.it/serve-aiuto/',
} as const;

export interface SpidPanelProps {
  /** The provider chosen, by its id (`idp`). */
  onChoose: (idp: string) => void;
}

/**
 * What "Entra con SPID" opens (`SpidButton`): every accredited provider in a new random order at
 * each load, then "Maggiori informazioni", "Non hai SPID?" and "Serve aiuto?". Its code loads on
 * intent or once /login is idle, not with the page: the page shows only the button.
 */
export function SpidPanel({ onChoose }: SpidPanelProps) {
  const { t } = useLingui();
  const [providers] = useState(() => shuffled(SPID_PROVIDERS));
  return (
    <>
      <ul className={styles.providers} aria-label={t`Gestori di identità SPID`}>
        {providers.map(({ id, name }) => (
          <li key={id}>
            <button type="button" className={styles.provider} aria-label={t`Accedi con ${name}`} data-idp={id} onClick={() => onChoose(id)}>
              {name}
            </button>
          </li>
        ))}
      </ul>
      <ul className={styles.links}>
        <li>
          <a href={SPID_LINKS.info} target="_blank" rel="noopener noreferrer">
            <Trans>Maggiori informazioni</Trans>
            <NewTabHint />
          </a>
        </li>
        <li>
          <a href={SPID_LINKS.request} target="_blank" rel="noopener noreferrer">
            <Trans>Non hai SPID?</Trans>
            <NewTabHint />
          </a>
        </li>
        <li>
          <a href={SPID_LINKS.help} target="_blank" rel="noopener noreferrer">
            <Trans>Serve aiuto?</Trans>
            <NewTabHint />
          </a>
        </li>
      </ul>
    </>
  );
}
