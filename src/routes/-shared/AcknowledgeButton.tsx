import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import page from './Page.module.css';
import { actionErrorText } from './failureText';

/**
 * «Prendi visione» of one item (a grade, a disciplinary note): sends the acknowledgement once at a
 * time, and says inline why it failed instead of opening the error dialog.
 */
export function AcknowledgeButton<T>({
  mutation,
  hiddenLabel,
  failure = (reason) => reason,
}: {
  /** The acknowledgement's call, from api/queries (its cache updates included). */
  mutation: UseMutationOptions<T, Error, void>;
  /** What is acknowledged, for screen readers (after «Prendi visione»). */
  hiddenLabel: ReactNode;
  /** How the failure reads, given the reason. */
  failure?: (reason: string) => ReactNode;
}) {
  const { i18n } = useLingui();
  const ack = useMutation({ ...mutation, meta: { errorDialog: false } });
  const reason = ack.isError ? actionErrorText(ack.error, i18n) : null;
  return (
    <div>
      <Button size="small" variant="secondary" disabled={ack.isPending} onClick={() => ack.mutate()}>
        {ack.isPending ? <Trans>Invio…</Trans> : <Trans>Prendi visione</Trans>}
        <span className="visually-hidden">
          {' '}
          {hiddenLabel}
        </span>
      </Button>
      {reason !== null && (
        <p role="alert" className={page.error}>
          {failure(reason)}
        </p>
      )}
    </div>
  );
}
