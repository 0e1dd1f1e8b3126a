import { Trans, useLingui } from '@lingui/react/macro';
import type { Thread } from '../../../../domain/records';
import { Badge } from '../../../../ui/Badge';
import { DateTimeText } from '../../../../ui/DateTime';
import { EmptyState } from '../../../../ui/States';
import { RecipientsSummary } from './RecipientsSummary';
import styles from './Messages.module.css';

/** Threads, latest activity first (the server's order); unread ones in bold with a word badge. */
export function ThreadList({ threads, openId, onOpen, empty }: { threads: readonly Thread[]; openId: string | null; onOpen: (id: string) => void; empty: string }) {
  const { t } = useLingui();
  if (threads.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className={styles.list}>
      {threads.map((th) => (
        <li key={th.id} className={th.da_leggere ? styles.unread : undefined}>
          <button type="button" className={styles.threadButton} aria-current={th.id === openId ? 'true' : undefined} onClick={() => onOpen(th.id)}>
            <span className={styles.threadTitle}>{th.titolo || t`(senza oggetto)`}</span>
            <span className={styles.meta}>
              {th.da_leggere && (
                <Badge tone="info">
                  <Trans>Non letto</Trans>
                </Badge>
              )}
              <span>{th.mittente.nome}</span>
              {th.data && <DateTimeText value={th.data} />}
            </span>
            {th.destinatari && (
              <span className={styles.meta}>
                <span className="visually-hidden">
                  <Trans>Destinatari:</Trans>
                </span>
                <RecipientsSummary text={th.destinatari} />
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
