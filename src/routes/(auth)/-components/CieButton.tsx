import { Trans } from '@lingui/react/macro';
import type { SignInMethod } from '../../../domain/identityProviders';
import { CieMark } from './SignInMarks';
import styles from './SignInButtons.module.css';

interface CieButtonProps {
  onStart: (method: SignInMethod, idp?: string) => void;
  /** A sign-in is already running: the button waits. */
  busy?: boolean;
}

/**
 * "Entra con CIE", after the CIE ID button of the CIE programme's manual for service providers
 * ("Entra con CIE": the blue of the Italian public administration, white text in Titillium, the
 * card's mark at the left). Our own drawing of the mark; one click starts the sign-in.
 */
export function CieButton({ onStart, busy = false }: CieButtonProps) {
  return (
    <button type="button" className={styles.button} disabled={busy} onClick={() => onStart('cie')}>
      <span className={styles.mark}>
        <CieMark />
      </span>
      <span className={styles.label}>
        <Trans>Entra con CIE</Trans>
      </span>
    </button>
  );
}
