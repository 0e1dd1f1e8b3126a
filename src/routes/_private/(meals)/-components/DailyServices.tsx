import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { joinDailyServiceMutation, leaveDailyServiceMutation } from '../../../../api/queries/dailyServices';
import { isDayOpen, type DailyService, type DailyServiceDay } from '../../../../domain/dailyServices';
import { formatDate } from '../../../../i18n/format';
import { dailyServiceMachine, type DailyServiceResult } from '../../../../machines/dailyService.machine';
import { mutationActor } from '../../../../machines/mutationActor';
import { Alert } from '../../../../ui/Alert';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Money } from '../../../../ui/Money';
import { EmptyState } from '../../../../ui/States';
import { Table, type Column } from '../../../../ui/Table';
import { useStudent } from '../../../-shared/session';
import styles from './Meals.module.css';
import { failureText } from '../../../-shared/failureText';

/** The school's services of one day: cost, joined or not, whether the day is open, join/leave. */
export function DailyServices({ day }: { day: DailyServiceDay }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { scope } = useStudent();
  const [state, send] = useMachine(
    dailyServiceMachine.provide({
      actors: {
        joinService: mutationActor(queryClient, joinDailyServiceMutation(scope)),
        leaveService: mutationActor(queryClient, leaveDailyServiceMutation(scope)),
      },
    }),
  );
  const busy = !state.matches('idle');
  const target = state.context.target;
  const targetOf = (s: DailyService) => ({ data_adesione: day.data_adesione, id_marketplace: s.id_marketplace, descrizione: s.descrizione });
  const sending = (s: DailyService) => busy && target?.id_marketplace === s.id_marketplace && target.data_adesione === day.data_adesione;

  const columns: Column<DailyService>[] = [
    { key: 'servizio', header: t`Servizio`, rowHeader: true, cell: (s) => s.descrizione },
    { key: 'costo', header: t`Costo`, align: 'end', cell: (s) => <Money amount={s.costo_unitario_prenotazione} /> },
    {
      key: 'adesione',
      header: t`Adesione`,
      cell: (s) => (s.joined ? <Badge tone="success">{t`Prenotato`}</Badge> : <Badge>{t`Non prenotato`}</Badge>),
    },
    {
      key: 'giorno',
      header: t`Giorno`,
      cell: (s) => {
        const limit = s.orario_limite;
        if (!isDayOpen(s)) return s.messaggio || (s.adesione_giornaliera === 'CHIUSA' ? t`Chiuso` : t`Non attivo`);
        return limit ? <Trans>Aperto fino alle {limit}</Trans> : <Trans>Aperto</Trans>;
      },
    },
    { key: 'adesioni', header: t`Adesioni nell'anno`, align: 'end', cell: (s) => s.adesioni },
    {
      key: 'azioni',
      header: <span className="visually-hidden">{t`Azioni`}</span>,
      stackedLabel: false,
      cell: (s) => {
        if (!isDayOpen(s)) return null;
        const name = s.descrizione;
        return (
          <div className={styles.actions}>
            {s.joined ? (
              <Button
                size="small"
                variant="secondary"
                aria-disabled={busy || undefined}
                onClick={busy ? undefined : () => send({ type: 'service.leave', service: targetOf(s) })}
              >
                {sending(s) ? <Trans>Annullamento in corso…</Trans> : <Trans>Annulla adesione</Trans>}
                <span className="visually-hidden"> {name}</span>
              </Button>
            ) : (
              <Button size="small" aria-disabled={busy || undefined} onClick={busy ? undefined : () => send({ type: 'service.join', service: targetOf(s) })}>
                {sending(s) ? <Trans>Adesione in corso…</Trans> : <Trans>Aderisci</Trans>}
                <span className="visually-hidden"> {name}</span>
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <ResultMessage result={state.context.result} />
      <Table
        columns={columns}
        rows={day.servizi}
        rowKey={(s) => s.id_marketplace}
        rowAttributes={(s) => ({ 'data-servizio': s.id_marketplace })}
        caption={t`Servizi del giorno`}
        captionHidden
        empty={
          <EmptyState>
            <Trans>La scuola non offre servizi giornalieri.</Trans>
          </EmptyState>
        }
      />
    </>
  );
}

function ResultMessage({ result }: { result: DailyServiceResult | null }) {
  const { i18n } = useLingui();
  if (!result) return null;
  const name = result.service.descrizione;
  const date = formatDate(result.service.data_adesione);
  switch (result.kind) {
    case 'joined':
      return (
        <Alert tone="success">
          <Trans>
            Adesione registrata: {name} del {date}.
          </Trans>
        </Alert>
      );
    case 'left':
      return (
        <Alert tone="success">
          <Trans>
            Adesione annullata: {name} del {date}.
          </Trans>
        </Alert>
      );
    case 'refused': {
      const message = result.message;
      return (
        <Alert tone="error">
          <Trans>Operazione non eseguita: {message}</Trans>
        </Alert>
      );
    }
    case 'failed': {
      const message = failureText(result.failure, i18n);
      return (
        <Alert tone="error">
          <Trans>Operazione non eseguita: {message}</Trans>
        </Alert>
      );
    }
  }
}
