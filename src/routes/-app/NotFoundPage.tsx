import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { buttonClass } from '../../ui/Button';
import styles from '../-shared/Page.module.css';

export function NotFoundPage() {
  return (
    <main className={styles.standalone}>
      <h1>
        <Trans>Pagina non trovata</Trans>
      </h1>
      <p>
        <Trans>La pagina che hai cercato non esiste o è stata spostata.</Trans>
      </p>
      <Link to="/home" className={buttonClass('primary')}>
        <Trans>Torna alla Home</Trans>
      </Link>
    </main>
  );
}
