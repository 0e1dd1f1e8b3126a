import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmThreadMessageMutation, fetchMessageAttachment, threadQuery } from '../../../../api/queries/threads';
import type { MessageAttachmentRef, ThreadDetail, ThreadMessage } from '../../../../domain/records';
import { Button } from '../../../../ui/Button';
import { DateTimeText } from '../../../../ui/DateTime';
import { SafeHtml } from '../../../../ui/SafeHtml';
import { Skeleton } from '../../../../ui/States';
import { Badge } from '../../../../ui/Badge';
import { actionErrorText } from '../../../-shared/failureText';
import { Loaded } from '../../../-shared/Loaded';
import { saveBlob } from '../../../-shared/download';
import { useStudent } from '../../../-shared/session';
import { Composer } from './Composer';
import { RecipientsSummary } from './RecipientsSummary';
import page from '../../../-shared/Page.module.css';
import styles from './Messages.module.css';

/** One thread: its messages oldest first (opening it marks them read), confirmations, attachments and the reply. */
export function ThreadView({ id, headingId }: { id: string; headingId: string }) {
  const { scope } = useStudent();
  const { t } = useLingui();
  return (
    <Loaded query={{ ...threadQuery(scope, id), meta: { errorDialog: false } }} skeleton={<Skeleton lines={5} label={t`Caricamento della conversazione`} />}>
      {(detail) => <OpenThread id={id} headingId={headingId} detail={detail} />}
    </Loaded>
  );
}

/** The thread as read: reading it marked its messages read, in the lists too (threadQuery's reader). */
function OpenThread({ id, headingId, detail }: { id: string; headingId: string; detail: ThreadDetail }) {
  const { t } = useLingui();
  return (
    <section className={`${page.card} ${styles.form}`} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} tabIndex={-1}>
          {detail.titolo}
        </h2>
        <p className={styles.meta}>
          <Trans>Destinatari:</Trans> <RecipientsSummary text={detail.destinatari} focusable />
        </p>
      </div>
      <ol className={styles.messages} aria-label={t`Messaggi della conversazione`}>
        {detail.messaggi.map((m) => (
          <MessageItem key={m.id} message={m} threadId={id} />
        ))}
      </ol>
      <h3>
        <Trans>Rispondi</Trans>
      </h3>
      <Composer version="v2" threadId={id} label={t`Risposta a «${detail.titolo}»`} />
    </section>
  );
}

function MessageItem({ message: m, threadId }: { message: ThreadMessage; threadId: string }) {
  const { scope } = useStudent();
  const { i18n } = useLingui();
  const confirm = useMutation({ ...confirmThreadMessageMutation(scope, threadId, m.id), meta: { errorDialog: false } });
  const asks = m.presa_visione && !m.inviato;
  return (
    <li className={`${styles.message} ${m.inviato ? styles.mine : ''}`}>
      <div className={styles.messageHeader}>
        <strong>{m.inviato ? <Trans>{m.mittente} (tu)</Trans> : m.mittente}</strong>
        {m.data && <DateTimeText value={m.data} className={styles.meta} />}
      </div>
      <SafeHtml html={m.testo} />
      {m.allegati.length > 0 && (
        <ul className={styles.attachments}>
          {m.allegati.map((a) => (
            <AttachmentDownload key={a.id} attachment={a} />
          ))}
        </ul>
      )}
      {asks && (
        <div className={styles.actions}>
          {m.sottoscrizione ? (
            <Badge tone="success">
              <Trans>Presa visione confermata</Trans>
            </Badge>
          ) : (
            <Button size="small" variant="secondary" aria-disabled={confirm.isPending || undefined} onClick={() => !confirm.isPending && confirm.mutate()}>
              {confirm.isPending ? <Trans>Invio…</Trans> : <Trans>Conferma presa visione</Trans>}
            </Button>
          )}
          {confirm.isError && (
            <p role="alert" className={styles.error}>
              <Trans>Conferma non registrata: {actionErrorText(confirm.error, i18n)}</Trans>
            </p>
          )}
        </div>
      )}
    </li>
  );
}

export function AttachmentDownload({ attachment }: { attachment: MessageAttachmentRef }) {
  const { scope } = useStudent();
  const { i18n } = useLingui();
  const download = useMutation({
    mutationFn: async () => saveBlob(await fetchMessageAttachment(scope, attachment.id), attachment.nome),
    meta: { errorDialog: false },
  });
  return (
    <li>
      <Button size="small" variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        <Trans>Scarica {attachment.nome}</Trans>
      </Button>
      {download.isError && (
        <p role="alert" className={styles.error}>
          <Trans>Download non riuscito: {actionErrorText(download.error, i18n)}</Trans>
        </p>
      )}
    </li>
  );
}
