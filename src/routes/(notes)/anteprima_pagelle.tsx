import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { waitFor } from 'xstate';
import { reportCardPdfQuery, reportCardsQuery } from '../../api/queries/notes';
import { isSettled } from '../../machines/session.machine';
import { SafeHtml } from '../../ui/SafeHtml';
import { EmptyState, Skeleton } from '../../ui/States';
import { Loaded } from '../-shared/Loaded';
import { RouteError } from '../-app/RouteError';
import { useBlobFrame } from '../_private/(notes)/-components/reportCard';
import styles from '../_private/(notes)/-components/Notes.module.css';
import { ReportCardMeta } from '../_private/(notes)/-components/ReportCardMeta';

/**
 * A report card's PDF on a page of its own, outside the layout (docs/product.md#navigation: sign-in only). Guarded like
 * the signed-in area: it waits for the session (restored from session storage after a reload),
 * otherwise sends the user to /login and back here.
 */
export const Route = createFileRoute('/(notes)/anteprima_pagelle')({
  validateSearch: (search: Record<string, unknown>): { id?: number } => {
    const id = Number(search.id);
    return Number.isInteger(id) && id > 0 ? { id } : {};
  },
  beforeLoad: async ({ context, location }) => {
    const [snapshot, queryClient] = await Promise.all([waitFor(context.session, isSettled), context.queries.load()]);
    const { scope, user } = snapshot.context;
    if (!snapshot.matches({ authenticated: 'signedIn' }) || !scope || !user) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
    return { scope, queryClient };
  },
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(reportCardsQuery(scope)),
  component: ReportCardPage,
  errorComponent: RouteError,
});

function ReportCardPage() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <ReportCardPreview />
    </QueryClientProvider>
  );
}

function ReportCardPreview() {
  const { t } = useLingui();
  const { scope } = Route.useRouteContext();
  const { id } = Route.useSearch();
  const { data: cards } = useSuspenseQuery(reportCardsQuery(scope));
  const card = cards.find((c) => c.id === id);

  return (
    <main className={styles.preview}>
      <p>
        <Link to="/pagelle">
          <Trans>Torna alle pagelle</Trans>
        </Link>
      </p>
      {!card ? (
        <>
          <h1>
            <Trans>Anteprima pagella</Trans>
          </h1>
          <EmptyState>
            <Trans>Questa pagella non è disponibile.</Trans>
          </EmptyState>
        </>
      ) : (
        <>
          <h1>{card.titolo}</h1>
          <ReportCardMeta periodo={card.periodo} date={card.data_pubblicazione} />
          <SafeHtml html={card.dettaglio} />
          {card.allegati.length > 0 && (
            <Loaded query={reportCardPdfQuery(scope, card)} skeleton={<Skeleton lines={8} label={t`Caricamento della pagella…`} />}>
              {(pdf) => <PdfFrame blob={pdf} title={t`Pagella in PDF: ${card.titolo}`} />}
            </Loaded>
          )}
        </>
      )}
    </main>
  );
}

function PdfFrame({ blob, title }: { blob: Blob; title: string }) {
  return <iframe ref={useBlobFrame(blob)} className={styles.frame} title={title} />;
}
