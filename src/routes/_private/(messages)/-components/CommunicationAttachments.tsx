import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadAttachment, type MessageAttachment } from '../../../../api/queries/communications';
import { Button } from '../../../../ui/Button';
import { saveBlob } from '../../../-shared/download';
import page from '../../../-shared/Page.module.css';
import styles from './Communications.module.css';
import { actionErrorText } from '../../../-shared/failureText';

const KB = 1024;

/** The attachments of a communication, a notice or a sent message, each downloaded with the session header. */
export function CommunicationAttachments({ files }: { files: readonly MessageAttachment[] }) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <section aria-label={t`Allegati`}>
      <ul className={styles.files}>
        {files.map((file) => (
          <AttachmentItem key={file.id} file={file} />
        ))}
      </ul>
    </section>
  );
}

function AttachmentItem({ file }: { file: MessageAttachment }) {
  const { i18n } = useLingui();
  const download = useMutation({
    mutationFn: async () => saveBlob(await downloadAttachment(file), file.nome),
    meta: { errorDialog: false },
  });
  const size = Math.max(1, Math.round(file.dimensione / KB));
  const reason = download.isError ? actionErrorText(download.error, i18n) : '';
  return (
    <li className={styles.file}>
      <Button variant="secondary" size="small" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? <Trans>Scaricamento…</Trans> : <Trans>Scarica</Trans>}
        <span className="visually-hidden"> {file.nome}</span>
      </Button>
      <span>
        {file.nome} <span className={page.muted}>({size} KB)</span>
      </span>
      {download.isError && (
        <p role="alert" className={page.error}>
          <Trans>Download non riuscito: {reason}</Trans>
        </p>
      )}
    </li>
  );
}
