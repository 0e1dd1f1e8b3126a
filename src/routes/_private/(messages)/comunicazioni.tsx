import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { communicationsQuery, sentMessagesQuery } from '../../../api/queries/communications';
import { readDateFilter, resolveDateFilter, type DateFilterValue } from '../../../domain/dateFilter';
import type { DayRange } from '../../../domain/isoDate';
import type { StudentScope } from '../../../domain/student';
import { todayInRome } from '../../../i18n/today';
import { Badge } from '../../../ui/Badge';
import { EmptyState, Skeleton } from '../../../ui/States';
import { Tabs } from '../../../ui/Tabs';
import { DateFilterSheet } from '../../-shared/DateFilterSheet';
import { requireSection } from '../../-shared/guards';
import { Loaded, useLoadedData } from '../../-shared/Loaded';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { CommunicationList } from './-components/CommunicationList';
import { CommunicationSent } from './-components/CommunicationSent';
import { NewMessageHeader } from './-components/NewMessageHeader';
import page from '../../-shared/Page.module.css';
import styles from './-components/Communications.module.css';

export const Route = createFileRoute('/_private/(messages)/comunicazioni')({
  beforeLoad: ({ context }) => requireSection('/comunicazioni', context),
  component: CommunicationsPage,
  errorComponent: RouteError,
});

/**
 * The screen opens on the last 90 days (about a school term of circulars) unless a range was kept
 * in this tab; docs/product.md#messages: with no range set nothing is asked of the server.
 */
const DEFAULT_CHOICE = { kind: 'quick', filter: 'last90' } as const;

function CommunicationsPage() {
  const { t } = useLingui();
  const { scope, studentInfo } = useStudent();
  const [range, setRange] = useState<DateFilterValue | null>(
    () => readDateFilter(sessionStorage) ?? resolveDateFilter(DEFAULT_CHOICE, { today: todayInRome(), periods: studentInfo.periodi_scolastici }),
  );
  const days: DayRange | null = range && { from: range.from, to: range.to };
  const received = useLoadedData({ ...receivedQuery(scope, days ?? { from: '', to: '' }), enabled: days !== null });
  const unread = days && received ? received.filter((c) => c.da_leggere).length : 0;
  const isDefault = range?.choice.kind === 'quick' && range.choice.filter === DEFAULT_CHOICE.filter;
  // A message being written reopens with its draft after a reload.
  const [tab, setTab] = useState('ricevute');
  const onSent = useCallback(() => setTab('inviate'), []);

  return (
    <div className={page.page}>
      <NewMessageHeader title={<Trans>Comunicazioni</Trans>} version="v1" onSent={onSent} />
      <DateFilterSheet value={range} onChange={setRange} title={t`Periodo delle comunicazioni`} none={t`Nessun periodo scelto`} />
      {isDefault && (
        <p className={`${page.muted} ${styles.notice}`}>
          <Trans>Sono mostrate le comunicazioni degli ultimi 90 giorni: scegli un altro periodo per vederne altre.</Trans>
        </p>
      )}
      <Tabs
        label={t`Comunicazioni`}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'ricevute',
            label: <Trans>Ricevute</Trans>,
            badge: unread > 0 ? <Badge tone="info" count={unread} label={t`da leggere`} /> : undefined,
            content: days ? <Received range={days} /> : <NoRange />,
          },
          {
            value: 'inviate',
            label: <Trans>Inviate</Trans>,
            content: days ? <Sent range={days} /> : <NoRange />,
          },
        ]}
      />
    </div>
  );
}

function NoRange() {
  return (
    <EmptyState>
      <Trans>Scegli un periodo per vedere i messaggi.</Trans>
    </EmptyState>
  );
}

/** The received communications of a range: the tab's list and its badge ask the same. */
const receivedQuery = (scope: StudentScope, range: DayRange) => ({ ...communicationsQuery(scope, range), meta: { errorDialog: false } });

function Received({ range }: { range: DayRange }) {
  const { t } = useLingui();
  const { scope } = useStudent();
  return (
    <Loaded
      query={receivedQuery(scope, range)}
      skeleton={<Skeleton label={t`Caricamento delle comunicazioni`} />}
      isEmpty={(items) => items.length === 0}
      empty={<Trans>Nessuna comunicazione nel periodo scelto.</Trans>}
    >
      {(items) => <CommunicationList items={items} />}
    </Loaded>
  );
}

function Sent({ range }: { range: DayRange }) {
  const { t } = useLingui();
  const { scope } = useStudent();
  return (
    <Loaded
      query={{ ...sentMessagesQuery(scope, range), meta: { errorDialog: false } }}
      skeleton={<Skeleton label={t`Caricamento dei messaggi inviati`} />}
      isEmpty={(items) => items.length === 0}
      empty={<Trans>Nessun messaggio inviato nel periodo scelto.</Trans>}
    >
      {(items) => <CommunicationSent items={items} />}
    </Loaded>
  );
}
