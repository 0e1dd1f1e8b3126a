import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { NEWS_SECTION, type NewsItem, type NewsKind } from '../../../../domain/whatsNew';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { DateText } from '../../../../ui/DateTime';
import { Money } from '../../../../ui/Money';
import { useOpenForStudent } from '../../../-shared/studentLinks';
import styles from './WhatsNew.module.css';

export const KIND_LABELS: Record<NewsKind, MessageDescriptor> = {
  voto: msg`Voto`,
  nota: msg`Nota disciplinare`,
  annotazione: msg`Annotazione`,
  assenza: msg`Assenza da giustificare`,
  compito: msg`Compito`,
  comunicazione: msg`Comunicazione`,
  messaggio: msg`Messaggio`,
  bacheca: msg`Bacheca`,
  pagella: msg`Pagella`,
  pagamento: msg`Pagamento in scadenza`,
};

/** The screen that shows the item, with the thread to open for a message. */
export const hrefOf = (item: NewsItem) => NEWS_SECTION[item.kind] + (item.thread ? `?thread=${encodeURIComponent(item.thread)}` : '');

/**
 * One new item: what it is and for which child, its title as the link that opens it (switching to
 * its child first when another is open) and marks it seen, its line of detail, and a button to mark
 * it seen without opening it.
 */
export function NewsEntry({ item, child, seen, onSeen }: { item: NewsItem; child: string | null; seen: boolean; onSeen: () => void }) {
  const { i18n } = useLingui();
  const open = useOpenForStudent();
  const href = hrefOf(item);
  const kind = i18n._(KIND_LABELS[item.kind]);

  function follow(e: MouseEvent<HTMLAnchorElement>) {
    onSeen();
    // A new tab or window keeps the browser's own way (it opens the open child's screen).
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open({ id_scuola: item.id_scuola, id_studente: item.studentId, anno: item.anno }, href);
  }

  return (
    <li className={styles.item} data-seen={seen}>
      <p className={styles.meta}>
        {seen ? (
          <span className={styles.seenMark}>
            <Trans>Visto</Trans>
          </span>
        ) : (
          <Badge tone="info">
            <Trans>Nuovo</Trans>
          </Badge>
        )}{' '}
        <span>{kind}</span>
        {child && (
          <>
            {' · '}
            <span className={styles.child}>{child}</span>
          </>
        )}
      </p>
      <a className={styles.link} href={href} onClick={follow}>
        {item.title || kind}
        {child && <span className="visually-hidden"> ({child})</span>}
      </a>
      {item.due && (
        <p className={styles.meta}>
          <Trans>
            Scadenza: <DateText value={item.due} />
          </Trans>
        </p>
      )}
      {(item.detail || item.amount !== null) && (
        <p className={styles.detail}>
          {item.amount !== null && <Money amount={item.amount} />}
          {item.amount !== null && item.detail && ' · '}
          {item.detail}
        </p>
      )}
      {!seen && (
        <Button size="small" variant="ghost" className={styles.markSeen} onClick={onSeen}>
          <Trans>Segna come visto</Trans>
          <span className="visually-hidden">: {item.title || kind}</span>
        </Button>
      )}
    </li>
  );
}
