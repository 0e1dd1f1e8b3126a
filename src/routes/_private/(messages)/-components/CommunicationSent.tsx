import { Trans, useLingui } from '@lingui/react/macro';
import type { SentMessage } from '../../../../api/queries/communications';
import { Badge } from '../../../../ui/Badge';
import { DateTimeText } from '../../../../ui/DateTime';
import { OneLine, RowList } from '../../../../ui/RowList';
import page from '../../../-shared/Page.module.css';
import { CommunicationAttachments } from './CommunicationAttachments';
import styles from './Communications.module.css';

/** Messages the family sent with the VERSIONE_1 form, newest first; their text is the family's own, shown as plain text. */
export function CommunicationSent({ items }: { items: readonly SentMessage[] }) {
  const { t } = useLingui();
  return (
    <RowList
      items={items}
      itemKey={(m) => m.id}
      label={t`Messaggi inviati`}
      row={(m) => {
        const to = m.destinatari.map((d) => d.descrizione).join(', ');
        return {
          title: <OneLine>{m.titolo}</OneLine>,
          meta: [<DateTimeText key="data" value={m.data} />, <OneLine key="a">{t`A: ${to}`}</OneLine>],
          details: (
            <>
              <p className={styles.fullTitle}>{m.titolo}</p>
              {m.presa_visione && (
                <div className={styles.flags}>
                  <Badge tone="info">
                    <Trans>Presa visione richiesta</Trans>
                  </Badge>
                </div>
              )}
              <p className={styles.meta}>{t`A: ${to}`}</p>
              <p className={`${styles.body} ${styles.plain}`}>{m.testo}</p>
              <CommunicationAttachments files={m.allegati} />
            </>
          ),
        };
      }}
    >
      <ul className={styles.list}>
        {items.map((m) => {
          const headingId = `inviato-${m.id}`;
          const to = m.destinatari.map((d) => d.descrizione).join(', ');
          return (
            <li key={m.id} className={`${page.card} ${styles.item}`} aria-labelledby={headingId}>
              <div className={styles.header}>
                <h2 id={headingId} className={styles.heading}>
                  {m.titolo}
                </h2>
                <p className={styles.meta}>
                  <DateTimeText value={m.data} />
                </p>
              </div>
              <p className={styles.meta}>
                <span>{t`A: ${to}`}</span>
                {m.presa_visione && (
                  <Badge tone="info">
                    <Trans>Presa visione richiesta</Trans>
                  </Badge>
                )}
              </p>
              <p className={`${styles.body} ${styles.plain}`}>{m.testo}</p>
              <CommunicationAttachments files={m.allegati} />
            </li>
          );
        })}
      </ul>
    </RowList>
  );
}
