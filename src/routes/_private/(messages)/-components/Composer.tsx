import { useEffect, useId, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { composerMachine, draftOf, type ComposerAttachment, type ComposerVersion, type UploadInput } from '../../../../machines/composer.machine';
import { mutationActor } from '../../../../machines/mutationActor';
import { recipientsQuery, sendMessageMutation, uploadAttachmentMutation } from '../../../../api/queries/threads';
import { ATTACHMENT_LIMITS } from '../../../../api/attachmentLimits';
import { draftKey, dropDraft, keepDraft, readDraft } from '../../../../api/drafts';
import type { AttachmentRefusal } from '../../../../domain/attachments';
import { Button } from '../../../../ui/Button';
import { TextArea, TextField } from '../../../../ui/TextField';
import { CheckboxField } from '../../../../ui/ChoiceField';
import { Skeleton } from '../../../../ui/States';
import { statusMessage } from '../../../-shared/messages';
import { failureText } from '../../../-shared/failureText';
import { Loaded } from '../../../-shared/Loaded';
import { useStudent } from '../../../-shared/session';
import { RecipientPicker } from './RecipientPicker';
import styles from './Messages.module.css';

export interface ComposerProps {
  /** v1: the form of `POST messaggi`; v2: `thread-json`. */
  version: ComposerVersion;
  /** v2 only: the thread answered. */
  threadId?: string;
  /** After the server accepted the message, with its answer (the thread, or the sent message). */
  onSent?: (output: unknown) => void;
  /** Names the form for screen readers. */
  label: string;
}

function refusalText(reason: AttachmentRefusal, nome: string, i18n: I18n): string {
  const mb = ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;
  const max = ATTACHMENT_LIMITS.maxFiles;
  switch (reason) {
    case 'tooBig':
      return i18n._(msg`${nome}: il file supera la dimensione massima di ${mb} MB`);
    case 'tooMany':
      return i18n._(msg`${nome}: si possono allegare al massimo ${max} file`);
    case 'type':
      return i18n._(msg`${nome}: tipo di file non ammesso (sono accettati PDF, JPEG, PNG, testo, ODT e DOCX)`);
    case 'empty':
      return i18n._(msg`${nome}: il file è vuoto`);
  }
}

/**
 * The message composer of both messenger versions, driven by the composer machine: recipients
 * (not for a reply), title (not for a reply), text, read receipt and attachments. The draft is
 * kept in the tab (api/drafts.ts) as it is written and removed once the server accepted it.
 */
export function Composer({ version, threadId, onSent, label }: ComposerProps) {
  const { scope } = useStudent();
  const queryClient = useQueryClient();
  const { i18n, t } = useLingui();
  const isReply = version === 'v2' && threadId !== undefined;
  const key = draftKey(scope, threadId, version);
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();

  const machine = useMemo(
    () =>
      composerMachine.provide({
        actors: {
          send: mutationActor(queryClient, sendMessageMutation(scope)),
          upload: mutationActor(queryClient, uploadAttachmentMutation(scope), (input: UploadInput, signal) => ({ ...input, signal })),
        },
      }),
    [queryClient, scope],
  );
  const actor = useActorRef(machine, { input: { version, threadId: threadId ?? null, limits: ATTACHMENT_LIMITS, draft: readDraft(key) } });
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.matches({ form: 'sending' }));

  useEffect(() => {
    const saving = actor.subscribe((s) => keepDraft(key, draftOf(s.context)));
    const sent = actor.on('composer.sent', (e) => {
      dropDraft(key);
      onSent?.(e.output);
    });
    return () => {
      saving.unsubscribe();
      sent.unsubscribe();
    };
  }, [actor, key, onSent]);

  const { fields, errors, attachments, refused, blocked, failure } = context;
  const required = t`Campo obbligatorio`;

  return (
    <form
      id={formId}
      className={styles.form}
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'send' });
      }}
    >
      {!isReply && (
        <Loaded
          query={recipientsQuery(scope)}
          skeleton={<Skeleton lines={1} label={t`Caricamento dei destinatari`} />}
          failure={() => (
            <p role="alert" className={styles.error}>
              {i18n._(statusMessage(null))}
            </p>
          )}
        >
          {(recipients) => (
            <RecipientPicker
              recipients={recipients}
              value={fields.destinatari}
              onChange={(destinatari) => actor.send({ type: 'recipients.changed', destinatari })}
              error={errors.destinatari ? t`Scegli almeno un destinatario` : null}
            />
          )}
        </Loaded>
      )}
      {!isReply && (
        <TextField
          label={t`Oggetto`}
          required
          maxLength={200}
          value={fields.titolo}
          error={errors.titolo ? required : null}
          onChange={(e) => actor.send({ type: 'field.changed', field: 'titolo', value: e.target.value })}
        />
      )}
      <TextArea
        label={isReply ? t`Risposta` : t`Testo`}
        required
        rows={5}
        maxLength={10000}
        value={fields.testo}
        error={errors.testo ? required : null}
        onChange={(e) => actor.send({ type: 'field.changed', field: 'testo', value: e.target.value })}
      />
      <CheckboxField
        label={t`Richiedi conferma di presa visione`}
        checked={fields.presa_visione}
        onChange={(value) => actor.send({ type: 'receipt.changed', value })}
      />
      <div className={styles.attachment}>
        <label htmlFor={`${formId}-files`}>
          <Trans>Allegati</Trans>
        </label>
        <p id={`${formId}-files-hint`} className={styles.meta}>
          <Trans>
            Fino a {ATTACHMENT_LIMITS.maxFiles} file di {ATTACHMENT_LIMITS.maxBytes / 1024 / 1024} MB al massimo: PDF, JPEG, PNG, testo, ODT o DOCX.
          </Trans>
        </p>
        <input
          ref={fileInput}
          id={`${formId}-files`}
          type="file"
          multiple
          aria-describedby={`${formId}-files-hint`}
          disabled={sending}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            if (files.length > 0) actor.send({ type: 'files.picked', files });
            e.target.value = '';
          }}
        />
        {refused.length > 0 && (
          <ul role="alert" className={styles.attachments}>
            {refused.map((r, i) => (
              <li key={i} className={styles.error}>
                {refusalText(r.reason, r.nome, i18n)}
              </li>
            ))}
          </ul>
        )}
        {attachments.length > 0 && (
          <ul className={styles.attachments} aria-label={t`Allegati del messaggio`}>
            {attachments.map((a) => (
              <AttachmentRow key={a.key} a={a} disabled={sending} send={(type) => actor.send({ type, key: a.key })} />
            ))}
          </ul>
        )}
      </div>
      {blocked && (
        <p role="alert" className={styles.error}>
          {blocked === 'uploading'
            ? t`Attendi la fine del caricamento degli allegati prima di inviare.`
            : t`Un allegato non è stato caricato: riprova o rimuovilo prima di inviare.`}
        </p>
      )}
      {failure && (
        <p role="alert" className={styles.error}>
          <Trans>Messaggio non inviato: {failureText(failure, i18n)}</Trans>
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? <Trans>Invio…</Trans> : isReply ? <Trans>Invia risposta</Trans> : <Trans>Invia messaggio</Trans>}
        </Button>
      </div>
    </form>
  );
}

function AttachmentRow({
  a,
  disabled,
  send,
}: {
  a: ComposerAttachment;
  disabled: boolean;
  send: (type: 'attachment.cancelled' | 'attachment.removed' | 'attachment.retried') => void;
}) {
  const { t, i18n } = useLingui();
  const progressId = useId();
  return (
    <li className={styles.attachment}>
      <span>
        {a.nome}{' '}
        <span className={styles.meta}>
          {a.status === 'queued' && <Trans>in attesa</Trans>}
          {a.status === 'uploading' && <Trans>caricamento {a.percent}%</Trans>}
          {a.status === 'done' && <Trans>caricato</Trans>}
          {a.status === 'local' && <Trans>pronto</Trans>}
          {a.status === 'failed' && <Trans>non caricato</Trans>}
        </span>
      </span>
      {(a.status === 'uploading' || a.status === 'queued') && (
        <progress id={progressId} className={styles.progress} max={100} value={a.percent} aria-label={t`Caricamento di ${a.nome}`} />
      )}
      {a.status === 'failed' && a.failure && <span className={styles.error}>{failureText(a.failure, i18n)}</span>}
      <span className={styles.actions}>
        {a.status === 'uploading' ? (
          <Button size="small" variant="secondary" onClick={() => send('attachment.cancelled')}>
            <Trans>Annulla</Trans>
            <span className="visually-hidden"> {a.nome}</span>
          </Button>
        ) : (
          <Button size="small" variant="secondary" disabled={disabled} onClick={() => send('attachment.removed')}>
            <Trans>Rimuovi</Trans>
            <span className="visually-hidden"> {a.nome}</span>
          </Button>
        )}
        {a.status === 'failed' && a.file && (
          <Button size="small" variant="secondary" disabled={disabled} onClick={() => send('attachment.retried')}>
            <Trans>Riprova</Trans>
            <span className="visually-hidden"> {a.nome}</span>
          </Button>
        )}
      </span>
    </li>
  );
}
