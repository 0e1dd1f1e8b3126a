import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmCommunicationMutation, type Communication } from '../../../../api/queries/communications';
import { formatDateTime } from '../../../../i18n/format';
import { Button } from '../../../../ui/Button';
import { useStudent } from '../../../-shared/session';
import page from '../../../-shared/Page.module.css';
import styles from './Communications.module.css';
import { actionErrorText } from '../../../-shared/failureText';

type Flags = Pick<Communication, 'id_messaggio' | 'titolo' | 'presa_visione' | 'conferma_lettura' | 'sottoscrizione' | 'data_sottoscrizione' | 'data_lettura'>;

/**
 * «Presa visione» where the sender asks for it (it also confirms the reading), otherwise «Conferma
 * lettura». Done, with date and time, only from the server's answer (docs/product.md#messages); a failure says why
 * inline and keeps the button.
 */
export function CommunicationConfirm({ item }: { item: Flags }) {
  if (item.presa_visione) {
    if (item.sottoscrizione && item.data_sottoscrizione) {
      const when = formatDateTime(item.data_sottoscrizione);
      return (
        <p className={styles.done}>
          <Trans>Presa visione il {when}</Trans>
        </p>
      );
    }
    return <ConfirmButton item={item} scope="presa_visione" />;
  }
  if (item.conferma_lettura) {
    const when = item.data_lettura ? formatDateTime(item.data_lettura) : '';
    return <p className={styles.done}>{when ? <Trans>Lettura confermata (letta il {when})</Trans> : <Trans>Lettura confermata</Trans>}</p>;
  }
  return <ConfirmButton item={item} scope="lettura" />;
}

function ConfirmButton({ item, scope }: { item: Flags; scope: 'lettura' | 'presa_visione' }) {
  const { i18n } = useLingui();
  const { scope: student } = useStudent();
  const confirm = useMutation({ ...confirmCommunicationMutation(student, item.id_messaggio, scope), meta: { errorDialog: false } });
  const reason = confirm.isError ? actionErrorText(confirm.error, i18n) : null;
  const titolo = item.titolo;
  return (
    <div className={styles.actions}>
      <Button size="small" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? <Trans>Invio…</Trans> : scope === 'presa_visione' ? <Trans>Presa visione</Trans> : <Trans>Conferma lettura</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>di «{titolo}»</Trans>
        </span>
      </Button>
      {reason !== null && (
        <p role="alert" className={page.error}>
          <Trans>Conferma non registrata: {reason}</Trans>
        </p>
      )}
    </div>
  );
}
