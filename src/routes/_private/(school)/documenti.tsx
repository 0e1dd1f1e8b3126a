import { createFileRoute } from '@tanstack/react-router';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { documentsQuery, downloadDocument } from '../../../api/queries/schoolServices';
import type { SchoolDocument } from '../../../domain/records';
import { sortDocuments } from '../../../domain/workExperience';
import { Button } from '../../../ui/Button';
import { DateText } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/States';
import { Table, type Column } from '../../../ui/Table';
import { saveBlob } from '../../-shared/download';
import { requireSection } from '../../-shared/guards';
import { apiErrorMessage } from '../../-shared/messages';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import page from '../../-shared/Page.module.css';
import styles from './-components/School.module.css';

export const Route = createFileRoute('/_private/(school)/documenti')({
  beforeLoad: ({ context }) => requireSection('/documenti', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(documentsQuery(scope)),
  component: DocumentsPage,
  errorComponent: RouteError,
});

function DocumentsPage() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const { data } = useSuspenseQuery(documentsQuery(scope));
  const documents = sortDocuments(data);
  const columns: Column<SchoolDocument>[] = [
    { key: 'data', header: t`Data`, compact: 'meta', cell: (d) => <DateText value={d.data} /> },
    {
      key: 'titolo',
      header: t`Documento`,
      rowHeader: true,
      compact: 'title',
      cell: (d) => (
        <>
          {d.titolo}
          {d.descrizione && <span className={styles.meta}>{` — ${d.descrizione}`}</span>}
        </>
      ),
    },
    { key: 'categoria', header: t`Tipo`, compact: 'meta', cell: (d) => d.categoria },
    { key: 'file', header: t`File`, cell: (d) => <Download document={d} /> },
  ];
  return (
    <div className={page.page}>
      <h1>
        <Trans>Documenti</Trans>
      </h1>
      <section className={page.card}>
        {documents.length === 0 ? (
          <EmptyState>
            <Trans>Nessun documento disponibile.</Trans>
          </EmptyState>
        ) : (
          <Table columns={columns} rows={documents} rowKey={(d) => d.id} caption={t`Documenti dello studente`} captionHidden rowAttributes={(d) => ({ 'data-documento': d.id })} />
        )}
      </section>
    </div>
  );
}

function Download({ document: d }: { document: SchoolDocument }) {
  const { t, i18n } = useLingui();
  const download = useMutation({
    mutationFn: () => downloadDocument(d),
    onSuccess: (blob) => saveBlob(blob, d.allegato!.nome),
    // The failure is shown next to the button, not in the API error dialog.
    meta: { errorDialog: false },
  });
  if (!d.allegato) return <span className={page.muted}>{t`Nessun file`}</span>;
  const titolo = d.titolo;
  return (
    <>
      <Button variant="secondary" size="small" disabled={download.isPending} onClick={() => download.mutate()} aria-label={t`Scarica ${titolo}`}>
        {download.isPending ? <Trans>Scaricamento…</Trans> : <Trans>Scarica</Trans>}
      </Button>
      {download.isError && (
        <p role="alert" className={styles.error}>
          {i18n._(apiErrorMessage(download.error))}
        </p>
      )}
    </>
  );
}
