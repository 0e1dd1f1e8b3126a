import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { newsQuery, noticeBoardQuery, type Notice } from '../../../api/queries/communications';
import { AsyncContent, Skeleton, type AsyncResult } from '../../../ui/States';
import { Tabs } from '../../../ui/Tabs';
import { requireSection } from '../../-shared/guards';
import { apiErrorMessage } from '../../-shared/messages';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { BoardList } from './-components/BoardList';
import page from '../../-shared/Page.module.css';

export const Route = createFileRoute('/_private/(messages)/bacheca')({
  beforeLoad: ({ context }) => requireSection('/bacheca', context),
  component: BoardPage,
  errorComponent: RouteError,
});

function BoardPage() {
  const { t } = useLingui();
  return (
    <div className={page.page}>
      <h1>
        <Trans>Bacheca</Trans>
      </h1>
      <Tabs
        label={t`Bacheca e notizie`}
        items={[
          { value: 'bacheca', label: <Trans>Avvisi in bacheca</Trans>, content: <NoticeBoard /> },
          { value: 'notizie', label: <Trans>Notizie della scuola</Trans>, content: <News /> },
        ]}
      />
    </div>
  );
}

function NoticeBoard() {
  const { scope } = useStudent();
  return <BoardTab kind="bacheca" items={useQuery({ ...noticeBoardQuery(scope), meta: { errorDialog: false } })} />;
}

function News() {
  const { scope } = useStudent();
  return <BoardTab kind="notizie" items={useQuery({ ...newsQuery(scope), meta: { errorDialog: false } })} />;
}

function BoardTab({ kind, items }: { kind: 'bacheca' | 'notizie'; items: AsyncResult<Notice[]> }) {
  const { i18n, t } = useLingui();
  return (
    <AsyncContent
      query={items}
      errorMessage={(e) => i18n._(apiErrorMessage(e))}
      skeleton={<Skeleton label={kind === 'bacheca' ? t`Caricamento della bacheca` : t`Caricamento delle notizie`} />}
      isEmpty={(list) => list.length === 0}
      empty={kind === 'bacheca' ? <Trans>Nessun avviso in bacheca.</Trans> : <Trans>Nessuna notizia pubblicata.</Trans>}
    >
      {(list) => <BoardList items={list} kind={kind} />}
    </AsyncContent>
  );
}
