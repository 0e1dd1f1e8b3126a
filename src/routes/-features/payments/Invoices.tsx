import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadInvoice } from '../../../api/queries/payments';
import type { Invoice } from '../../../domain/payments';
import { Button } from '../../../ui/Button';
import { DateText } from '../../../ui/DateTime';
import { Money } from '../../../ui/Money';
import { Table, type Column } from '../../../ui/Table';
import styles from './Payments.module.css';
import { actionErrorText } from '../../-shared/failureText';

/** Saves a blob under a file name: an object URL lives only as long as the click needs it. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const fileName = (invoice: Invoice) => `${invoice.numero.replace(/[^\w.-]+/g, '_') || `fattura_${invoice.id}`}.pdf`;

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const { i18n } = useLingui();
  const download = useMutation({
    mutationFn: async () => saveBlob(await downloadInvoice(invoice), fileName(invoice)),
    meta: { errorDialog: false },
  });
  return (
    <>
      <Button size="small" variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? <Trans>Download…</Trans> : <Trans>Scarica PDF</Trans>}
        <span className="visually-hidden"> {invoice.numero}</span>
      </Button>
      {download.isError && (
        <p role="alert" className={styles.note}>
          <Trans>Non è stato possibile scaricare il documento: {actionErrorText(download.error, i18n)}</Trans>
        </p>
      )}
    </>
  );
}

/** Invoices and credit notes (docs/product.md#payments), each downloadable as a PDF fetched with the session header. */
export function Invoices({ invoices }: { invoices: readonly Invoice[] }) {
  const { t } = useLingui();
  const columns: Column<Invoice>[] = [
    { key: 'numero', header: t`Numero`, rowHeader: true, cell: (row) => row.numero },
    { key: 'tipo', header: t`Tipo`, cell: (row) => (row.notaDiCredito ? <Trans>Nota di credito</Trans> : <Trans>Fattura</Trans>) },
    { key: 'data', header: t`Data`, cell: (row) => (row.data ? <DateText value={row.data} /> : '—') },
    { key: 'descrizione', header: t`Descrizione`, cell: (row) => row.descrizione },
    { key: 'importo', header: t`Importo`, align: 'end', cell: (row) => <Money amount={row.importo} /> },
    { key: 'pdf', header: t`Documento`, cell: (row) => <DownloadButton invoice={row} /> },
  ];
  return (
    <Table
      columns={columns}
      rows={invoices}
      rowKey={(row) => row.id}
      caption={t`Fatture e note di credito`}
      captionHidden
      empty={
        <p className={styles.note}>
          <Trans>Nessuna fattura o nota di credito per quest'anno.</Trans>
        </p>
      }
    />
  );
}
