import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadReportCard, reportCardsQuery, type ReportCard } from '../../../api/queries/notes';
import { Button, buttonClass } from '../../../ui/Button';
import { SafeHtml } from '../../../ui/SafeHtml';
import { EmptyState } from '../../../ui/States';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { openPendingTab, showPdf } from './-components/reportCard';
import page from '../../-shared/Page.module.css';
import styles from './-components/Notes.module.css';
import { ReportCardMeta } from './-components/ReportCardMeta';
import { actionErrorText } from '../../-shared/failureText';

export const Route = createFileRoute('/_private/(notes)/pagelle')({
  beforeLoad: ({ context }) => requireSection('/pagelle', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(reportCardsQuery(scope)),
  component: ReportCardsPage,
  errorComponent: RouteError,
});

function ReportCardsPage() {
  const { scope } = useStudent();
  const { data: cards } = useSuspenseQuery(reportCardsQuery(scope));
  return (
    <div className={page.page}>
      <h1>
        <Trans>Pagelle</Trans>
      </h1>
      {cards.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna pagella pubblicata per ora.</Trans>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {cards.map((card) => (
            <ReportCardItem key={card.id} card={card} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReportCardItem({ card }: { card: ReportCard }) {
  const { i18n } = useLingui();
  const open = useMutation({
    mutationFn: async (tab: Window | null) => {
      try {
        showPdf(await downloadReportCard(card), card.allegati[0]?.nome ?? card.titolo, tab);
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
    meta: { errorDialog: false },
  });
  const headingId = `pagella-${card.id}`;
  return (
    <li className={`${page.card} ${styles.item}`} aria-labelledby={headingId}>
      <div className={styles.itemHeader}>
        <h2 id={headingId} className={styles.itemTitle}>
          {card.titolo}
        </h2>
        <ReportCardMeta periodo={card.periodo} date={card.data_pubblicazione} className={styles.meta} />
      </div>
      <SafeHtml html={card.dettaglio} />
      <div className={styles.actions}>
        <Button disabled={open.isPending || card.allegati.length === 0} onClick={() => open.mutate(openPendingTab())}>
          {open.isPending ? <Trans>Apertura…</Trans> : <Trans>Apri il PDF</Trans>}
          <span className="visually-hidden">
            {' '}
            <Trans>di «{card.titolo}» (si apre in una nuova scheda)</Trans>
          </span>
        </Button>
        <Link to="/anteprima_pagelle" search={{ id: card.id }} className={buttonClass('secondary')}>
          <Trans>Anteprima</Trans>
          <span className="visually-hidden">
            {' '}
            <Trans>di «{card.titolo}»</Trans>
          </span>
        </Link>
      </div>
      {open.isError && (
        <p role="alert" className={styles.error}>
          <Trans>Non è stato possibile aprire la pagella: {actionErrorText(open.error, i18n)}</Trans>
        </p>
      )}
    </li>
  );
}
