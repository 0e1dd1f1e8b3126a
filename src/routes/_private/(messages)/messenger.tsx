import { useCallback, useEffect } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { sentThreadsQuery, threadsQuery } from '../../../api/queries/threads';
import { Tabs } from '../../../ui/Tabs';
import { Badge } from '../../../ui/Badge';
import { Skeleton } from '../../../ui/States';
import { requireSection } from '../../-shared/guards';
import { Loaded, useLoadedData } from '../../-shared/Loaded';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import { NewMessageHeader } from './-components/NewMessageHeader';
import { ThreadList } from './-components/ThreadList';
import { ThreadView } from './-components/ThreadView';
import page from '../../-shared/Page.module.css';
import styles from './-components/Messages.module.css';

type MessengerSearch = { thread?: string; tab?: 'inviati' };

export const Route = createFileRoute('/_private/(messages)/messenger')({
  validateSearch: (search: Record<string, unknown>): MessengerSearch => ({
    ...(typeof search.thread === 'string' && /^\d+_ver_\d+$/.test(search.thread) ? { thread: search.thread } : {}),
    ...(search.tab === 'inviati' ? { tab: 'inviati' as const } : {}),
  }),
  beforeLoad: ({ context }) => requireSection('/messenger', context),
  component: MessengerPage,
  errorComponent: RouteError,
});

/**
 * The messenger (spec VERSIONE_2): threads received and started, the sent ones in their own tab,
 * one thread open with its messages and reply, and a new thread to chosen recipients.
 */
function MessengerPage() {
  const { scope } = useStudent();
  const { t } = useLingui();
  const { thread: openId, tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const received = useLoadedData(threadsQuery(scope));

  const open = useCallback((id: string) => void navigate({ search: (s) => ({ ...s, thread: id }) }), [navigate]);
  useEffect(() => {
    if (openId) document.getElementById('conversazione')?.focus();
  }, [openId]);

  const onSent = useCallback(
    (output: unknown) => {
      const id = (output as { id?: unknown } | null)?.id;
      if (typeof id === 'string') void navigate({ search: { thread: id, tab: 'inviati' } });
    },
    [navigate],
  );

  const unread = received?.filter((th) => th.da_leggere).length ?? 0;
  const list = (query: typeof threadsQuery, empty: string) => (
    <Loaded query={query(scope)} skeleton={<Skeleton lines={4} label={t`Caricamento dei messaggi`} />}>
      {(threads) => <ThreadList threads={threads} openId={openId ?? null} onOpen={open} empty={empty} />}
    </Loaded>
  );

  return (
    <div className={page.page}>
      <NewMessageHeader title={<Trans>Messaggi</Trans>} version="v2" onSent={onSent} />
      <div className={styles.layout}>
        <Tabs
          label={t`Elenco dei messaggi`}
          value={tab ?? 'ricevuti'}
          onValueChange={(value) => void navigate({ search: (s) => ({ ...s, tab: value === 'inviati' ? 'inviati' : undefined }) })}
          items={[
            {
              value: 'ricevuti',
              label: <Trans>Ricevuti e avviati</Trans>,
              badge: unread > 0 ? <Badge tone="info" count={unread} label={t`non letti`} /> : undefined,
              content: list(threadsQuery, t`Nessun messaggio.`),
            },
            { value: 'inviati', label: <Trans>Inviati</Trans>, content: list(sentThreadsQuery, t`Nessun messaggio inviato.`) },
          ]}
        />
        <div id="conversazione" tabIndex={-1} aria-live="polite">
          {openId ? (
            <ThreadView key={openId} id={openId} headingId="conversazione-titolo" />
          ) : (
            <p className={page.muted}>
              <Trans>Scegli una conversazione per leggerla e rispondere.</Trans>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
