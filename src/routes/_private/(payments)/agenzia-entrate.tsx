import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { changeTaxConsentMutation, taxConsentQuery } from '../../../api/queries/payments';
import { taxConsentMachine, type TaxConsentProblem } from '../../../machines/taxConsent.machine';
import { mutationActor } from '../../../machines/mutationActor';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DateText, DateTimeText } from '../../../ui/DateTime';
import { apiErrorMessage, statusMessage } from '../../-shared/messages';
import { useStudent } from '../../-shared/session';
import page from '../../-shared/Page.module.css';
import styles from '../../-features/payments/Payments.module.css';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';

export const Route = createFileRoute('/_private/(payments)/agenzia-entrate')({
  beforeLoad: ({ context }) => requireSection('/agenzia-entrate', context),
  // With the screen's code, and on hover or focus of its link: the page opens with its data.
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(taxConsentQuery(scope)),
  component: TaxConsentPage,
  errorComponent: RouteError,
});

function ProblemText({ problem }: { problem: TaxConsentProblem }) {
  const { i18n } = useLingui();
  if (problem.kind === 'refused') return <>{problem.errore ?? <Trans>La scuola non ha accettato la modifica.</Trans>}</>;
  const { failure } = problem;
  if (failure.status === 409 && failure.error) return <>{failure.error}</>;
  return <>{i18n._(failure.status === null ? apiErrorMessage(null) : statusMessage(failure.status, failure.error))}</>;
}

/**
 * The tax-deduction consent (docs/product.md#payments): the year's state in words, what each choice means for the
 * family's tax return, and the two choices; a change shows only once the school applied it.
 */
function TaxConsentPage() {
  const { scope } = useStudent();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(taxConsentQuery(scope));
  const actor = useActorRef(
    taxConsentMachine.provide({
      actors: {
        changeConsent: mutationActor(queryClient, changeTaxConsentMutation(scope)),
      },
    }),
    { input: { consent: data } },
  );
  const state = useSelector(actor, (s) => s);
  const { consent, problem, applied } = state.context;
  const saving = state.matches('saving');
  const readOnly = state.matches('readOnly');

  return (
    <div className={page.page}>
      <h1>
        <Trans>Agenzia delle Entrate</Trans>
      </h1>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="ade-stato">
        <h2 id="ade-stato">
          <Trans>La scelta per quest'anno</Trans>
        </h2>
        <dl className={styles.state}>
          <dt>
            <Trans>Pagante</Trans>
          </dt>
          <dd>{consent.pagante || '—'}</dd>
          <dt>
            <Trans>Pagante confermato</Trans>
          </dt>
          <dd data-testid="ade-pagante">{consent.confermaPagante ? <Trans>Sì</Trans> : <Trans>No</Trans>}</dd>
          <dt>
            <Trans>Opposizione all'invio dei dati</Trans>
          </dt>
          <dd data-testid="ade-opposizione">{consent.opposizione ? <Trans>Sì</Trans> : <Trans>No</Trans>}</dd>
          <dt>
            <Trans>Ultima modifica</Trans>
          </dt>
          <dd>{consent.data ? <DateTimeText value={consent.data} /> : <Trans>Nessuna scelta espressa</Trans>}</dd>
          <dt>
            <Trans>Modificabile</Trans>
          </dt>
          <dd>
            {readOnly ? (
              <Trans>No: la scelta per quest'anno è chiusa</Trans>
            ) : consent.dataLimite ? (
              <Trans>
                Sì, fino al <DateText value={consent.dataLimite} />
              </Trans>
            ) : (
              <Trans>Sì</Trans>
            )}
          </dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="ade-scelte">
        <h2 id="ade-scelte">
          <Trans>Cosa significano le scelte</Trans>
        </h2>
        <p>
          <Trans>
            Confermando il pagante, la scuola comunica all'Agenzia delle Entrate le spese scolastiche pagate da questa persona: le troverà già
            inserite nella dichiarazione dei redditi precompilata e potrà detrarle.
          </Trans>
        </p>
        <p>
          <Trans>
            Opponendosi all'invio, la scuola non comunica le spese: non compariranno nella dichiarazione precompilata e, per detrarle, andranno
            inserite a mano conservando le ricevute. L'opposizione ritira anche la conferma del pagante.
          </Trans>
        </p>
        {readOnly ? (
          <Alert tone="info">
            <Trans>La scelta non si può più modificare per quest'anno scolastico.</Trans>
          </Alert>
        ) : (
          <div className={styles.actions}>
            <Button
              disabled={saving}
              onClick={() => actor.send({ type: 'ade.changeRequested', change: { kind: 'pagante', value: !consent.confermaPagante } })}
            >
              {consent.confermaPagante ? <Trans>Ritira la conferma del pagante</Trans> : <Trans>Conferma il pagante</Trans>}
            </Button>
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => actor.send({ type: 'ade.changeRequested', change: { kind: 'opposizione', value: !consent.opposizione } })}
            >
              {consent.opposizione ? <Trans>Ritira l'opposizione</Trans> : <Trans>Mi oppongo all'invio dei dati</Trans>}
            </Button>
          </div>
        )}
        {saving && (
          <p role="status" className={styles.note}>
            <Trans>Invio della scelta…</Trans>
          </p>
        )}
        {problem && (
          <Alert tone="error">
            <Trans>La modifica non è stata applicata:</Trans> <ProblemText problem={problem} />
          </Alert>
        )}
        {applied && !problem && (
          <Alert tone="success">
            <Trans>Scelta registrata.</Trans>
          </Alert>
        )}
      </section>
    </div>
  );
}
