import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { cancelWorkExperienceMutation, subscribeWorkExperienceMutation, workExperienceQuery } from '../../../api/queries/schoolServices';
import type { WorkExperienceProject } from '../../../domain/records';
import { projectAction, sortProjects } from '../../../domain/workExperience';
import { workExperienceMachine, type WorkExperienceOutcome } from '../../../machines/workExperience.machine';
import { mutationActor } from '../../../machines/mutationActor';
import { Alert } from '../../../ui/Alert';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DateText } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/States';
import { requireSection } from '../../-shared/guards';
import { statusMessage } from '../../-shared/messages';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import page from '../../-shared/Page.module.css';
import styles from './-components/School.module.css';

export const Route = createFileRoute('/_private/(school)/alternanza')({
  beforeLoad: ({ context }) => requireSection('/alternanza', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(workExperienceQuery(scope)),
  component: WorkExperiencePage,
  errorComponent: RouteError,
});

const TONES: Record<string, BadgeTone> = { PROPOSTO: 'info', ISCRITTO: 'success', IN_CORSO: 'warning', CONCLUSO: 'neutral' };

function WorkExperiencePage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { scope } = useStudent();
  const { data } = useSuspenseQuery(workExperienceQuery(scope));
  const projects = sortProjects(data);
  const [state, send] = useMachine(
    workExperienceMachine.provide({
      actors: {
        subscribe: mutationActor(queryClient, subscribeWorkExperienceMutation(scope)),
        unsubscribe: mutationActor(queryClient, cancelWorkExperienceMutation(scope)),
      },
    }),
  );
  const busy = state.matches('subscribing') || state.matches('cancelling');
  const titolo = state.context.project?.titolo ?? '';

  return (
    <div className={page.page}>
      <h1>
        <Trans>Alternanza scuola-lavoro</Trans>
      </h1>
      <Outcome outcome={state.context.outcome} />
      {projects.length === 0 ? (
        <EmptyState>
          <Trans>Nessun progetto di alternanza scuola-lavoro per quest'anno.</Trans>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {projects.map((p) => (
            <Project
              key={p.id}
              project={p}
              locked={busy}
              onSubscribe={() => send({ type: 'subscribe.requested', project: { id: p.id, titolo: p.titolo } })}
              onCancel={() => send({ type: 'cancel.requested', project: { id: p.id, titolo: p.titolo } })}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={state.matches('confirmingSubscribe') || state.matches('subscribing')}
        busy={state.matches('subscribing')}
        onClose={() => send({ type: 'choice.dismissed' })}
        title={t`Iscriversi al progetto?`}
        message={<Trans>Ti iscrivi al progetto «{titolo}».</Trans>}
        confirmLabel={t`Iscriviti`}
        busyLabel={t`Iscrizione in corso…`}
        onConfirm={() => send({ type: 'choice.confirmed' })}
      />
      <ConfirmDialog
        open={state.matches('confirmingCancel') || state.matches('cancelling')}
        busy={state.matches('cancelling')}
        onClose={() => send({ type: 'choice.dismissed' })}
        title={t`Annullare l'iscrizione?`}
        message={<Trans>L'iscrizione al progetto «{titolo}» sarà annullata e il posto tornerà disponibile.</Trans>}
        confirmLabel={t`Annulla iscrizione`}
        cancelLabel={t`Mantieni`}
        busyLabel={t`Annullamento in corso…`}
        tone="danger"
        onConfirm={() => send({ type: 'choice.confirmed' })}
      />
    </div>
  );
}

function Outcome({ outcome }: { outcome: WorkExperienceOutcome | null }) {
  const { i18n } = useLingui();
  if (!outcome) return null;
  const titolo = outcome.project.titolo;
  if (outcome.kind === 'subscribed') {
    return (
      <Alert tone="success">
        <Trans>Iscrizione al progetto «{titolo}» effettuata.</Trans>
      </Alert>
    );
  }
  if (outcome.kind === 'cancelled') {
    return (
      <Alert tone="success">
        <Trans>Iscrizione al progetto «{titolo}» annullata.</Trans>
      </Alert>
    );
  }
  const f = outcome.failure;
  return <Alert tone="error">{f.status === 409 && f.error ? f.error : i18n._(statusMessage(f.status, f.error))}</Alert>;
}

function Project({ project: p, locked, onSubscribe, onCancel }: { project: WorkExperienceProject; locked: boolean; onSubscribe: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const action = projectAction(p);
  const titolo = p.titolo;
  const labels: Record<string, string> = { PROPOSTO: t`Proposto`, ISCRITTO: t`Iscritto`, IN_CORSO: t`In corso`, CONCLUSO: t`Concluso` };
  const headingId = `progetto-${p.id}`;
  return (
    <li className={page.card} data-progetto={p.id}>
      <article className={styles.item} aria-labelledby={headingId}>
        <h2 id={headingId}>{p.titolo}</h2>
        <p className={styles.meta}>
          <Badge tone={TONES[p.stato] ?? 'neutral'}>{labels[p.stato] ?? p.stato}</Badge>{' '}
          {p.stato === 'PROPOSTO' && p.prenotato && <Badge tone="success">{t`Prenotato`}</Badge>}
        </p>
        {p.descrizione && <p>{p.descrizione}</p>}
        <dl className={styles.facts}>
          <dt>
            <Trans>Periodo</Trans>
          </dt>
          <dd>
            <DateText value={p.data_inizio} />
            {p.data_fine && (
              <>
                {' – '}
                <DateText value={p.data_fine} />
              </>
            )}
          </dd>
          {p.ente && (
            <>
              <dt>
                <Trans>Ente ospitante</Trans>
              </dt>
              <dd>{p.ente}</dd>
            </>
          )}
          {p.tutor && (
            <>
              <dt>
                <Trans>Tutor scolastico</Trans>
              </dt>
              <dd>{p.tutor}</dd>
            </>
          )}
          {p.ore !== null && (
            <>
              <dt>
                <Trans>Ore</Trans>
              </dt>
              <dd>{p.ore_svolte !== null ? <Trans>{p.ore_svolte} svolte su {p.ore}</Trans> : p.ore}</dd>
            </>
          )}
          {p.stato === 'PROPOSTO' && p.posti_disponibili !== null && (
            <>
              <dt>
                <Trans>Posti disponibili</Trans>
              </dt>
              <dd>{p.posti_disponibili}</dd>
            </>
          )}
        </dl>
        {action && (
          <div className={styles.actions}>
            {action === 'subscribe' ? (
              <Button aria-disabled={locked || undefined} onClick={() => !locked && onSubscribe()} aria-label={t`Iscriviti a ${titolo}`}>
                <Trans>Iscriviti</Trans>
              </Button>
            ) : (
              <Button variant="secondary" aria-disabled={locked || undefined} onClick={() => !locked && onCancel()} aria-label={t`Annulla iscrizione a ${titolo}`}>
                <Trans>Annulla iscrizione</Trans>
              </Button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
