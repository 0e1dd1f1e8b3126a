import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { confirmNoticeMutation, type Notice } from '../../../../api/queries/communications';
import { formatDateTime } from '../../../../i18n/format';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { DateTimeText } from '../../../../ui/DateTime';
import { SafeHtml } from '../../../../ui/SafeHtml';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import { CommunicationAttachments } from './CommunicationAttachments';
import styles from './Communications.module.css';
import { actionErrorText } from '../../../-shared/failureText';

/** Notice-board or news items in the server's order (the board: pinned first, then newest). */
export function BoardList({ items, kind }: { items: readonly Notice[]; kind: 'bacheca' | 'notizie' }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <BoardItem key={item.id} item={item} kind={kind} />
      ))}
    </ul>
  );
}

/**
 * An item opens in place; opening an unread one tells the server it was read, and the «Da leggere»
 * mark goes only once the server said ok.
 */
function BoardItem({ item, kind }: { item: Notice; kind: 'bacheca' | 'notizie' }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = `${kind}-${item.id}`;
  const read = useMutation({ ...confirmNoticeMutation(scope, item.id, 'lettura'), meta: { errorDialog: false } });
  const readFailure = read.isError ? actionErrorText(read.error, i18n) : null;
  const titolo = item.titolo;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && item.da_leggere && !read.isPending) read.mutate();
  }

  return (
    <li className={`${page.card} ${styles.item} ${item.da_leggere ? styles.unread : ''}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <button type="button" className={styles.title} aria-expanded={open} aria-controls={panelId} onClick={toggle}>
            {titolo}
          </button>
        </h2>
        <p className={styles.meta}>
          <DateTimeText value={item.data} />
          <span>{item.autore}</span>
          <span>{item.categoria}</span>
        </p>
      </div>
      <div className={styles.flags}>
        {item.in_evidenza && (
          <Badge tone="warning">
            <Trans>In evidenza</Trans>
          </Badge>
        )}
        {item.da_leggere && (
          <Badge tone="info">
            <Trans>Da leggere</Trans>
          </Badge>
        )}
        {item.richiede_adesione && !item.adesione && (
          <Badge>
            <Trans>Adesione richiesta</Trans>
          </Badge>
        )}
      </div>
      {readFailure !== null && (
        <p role="alert" className={page.error}>
          <Trans>Lettura non registrata: {readFailure}</Trans>
        </p>
      )}
      <div id={panelId} hidden={!open} className={styles.detail}>
        {open && (
          <>
            <SafeHtml html={item.testo} className={styles.body} />
            <CommunicationAttachments files={item.allegati} />
            {item.richiede_adesione && <BoardSignUp item={item} />}
          </>
        )}
      </div>
    </li>
  );
}

function BoardSignUp({ item }: { item: Notice }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const signUp = useMutation({ ...confirmNoticeMutation(scope, item.id, 'adesione'), meta: { errorDialog: false } });
  if (item.adesione && item.data_adesione) {
    const when = formatDateTime(item.data_adesione);
    return (
      <p className={styles.done}>
        <Trans>Adesione registrata il {when}</Trans>
      </p>
    );
  }
  const reason = signUp.isError ? actionErrorText(signUp.error, i18n) : null;
  const titolo = item.titolo;
  return (
    <div className={styles.actions}>
      <Button size="small" disabled={signUp.isPending} onClick={() => signUp.mutate()}>
        {signUp.isPending ? <Trans>Invio…</Trans> : <Trans>Aderisci</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>a «{titolo}»</Trans>
        </span>
      </Button>
      {reason !== null && (
        <p role="alert" className={page.error}>
          <Trans>Adesione non registrata: {reason}</Trans>
        </p>
      )}
    </div>
  );
}
