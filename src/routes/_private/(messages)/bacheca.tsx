import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { newsQuery, noticeBoardQuery } from '../../../api/queries/communications';
import { Skeleton } from '../../../ui/States';
import { Tabs } from '../../../ui/Tabs';
import { requireSection } from '../../-shared/guards';
import { Loaded } from '../../-shared/Loaded';
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
  return <BoardTab kind="bacheca" items={noticeBoardQuery} />;
}

function News() {
  return <BoardTab kind="notizie" items={newsQuery} />;
}

function BoardTab({ kind, items }: { kind: 'bacheca' | 'notizie'; items: typeof noticeBoardQuery }) {
  const { t } = useLingui();
  const { scope } = useStudent();
  return (
    <Loaded
      query={{ ...items(scope), meta: { errorDialog: false } }}
      skeleton={<Skeleton label={kind === 'bacheca' ? t`Caricamento della bacheca` : t`Caricamento delle notizie`} />}
      isEmpty={(list) => list.length === 0}
      empty={kind === 'bacheca' ? <Trans>Nessun avviso in bacheca.</Trans> : <Trans>Nessuna notizia pubblicata.</Trans>}
    >
      {(list) => <BoardList items={list} kind={kind} />}
    </Loaded>
  );
}
