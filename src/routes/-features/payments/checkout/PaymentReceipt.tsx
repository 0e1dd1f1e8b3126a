import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { checkoutInvoice } from '../../../../api/queries/checkout';
import type { PaymentTransaction } from '../../../../domain/checkout';
import type { StudentScope } from '../../../../domain/student';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { DateTimeText } from '../../../../ui/DateTime';
import { Money } from '../../../../ui/Money';
import { saveBlob } from '../../../-shared/download';
import styles from './Checkout.module.css';

/** The receipt of a confirmed payment (docs/product.md#payments): items, amount, date, reference, and the invoice. */
export function PaymentReceipt({ receipt, scope }: { receipt: PaymentTransaction; scope: StudentScope }) {
  const { t } = useLingui();
  const [invoice, setInvoice] = useState<'idle' | 'loading' | 'missing' | 'failed'>('idle');
  const download = async () => {
    setInvoice('loading');
    try {
      const found = await checkoutInvoice(scope, receipt);
      if (!found) return setInvoice('missing');
      saveBlob(found.blob, found.fileName);
      setInvoice('idle');
    } catch {
      setInvoice('failed');
    }
  };
  return (
    <section className={styles.checkout} aria-labelledby="ricevuta-titolo">
      <Alert tone="success">{t`Pagamento confermato`}</Alert>
      <h2 id="ricevuta-titolo">{t`Ricevuta`}</h2>
      <dl className={styles.details}>
        <dt>{t`Importo`}</dt>
        <dd>
          <Money amount={receipt.importoCent / 100} />
        </dd>
        <dt>{t`Data`}</dt>
        <dd>{receipt.data && <DateTimeText value={receipt.data} />}</dd>
        <dt>{t`Metodo`}</dt>
        <dd>{receipt.metodo === 'carta' ? t`Carta di pagamento` : t`App di pagamento (Satispay)`}</dd>
        <dt>{t`Riferimento`}</dt>
        <dd translate="no">{receipt.id}</dd>
      </dl>
      <h3>{t`Articoli pagati`}</h3>
      <ul className={styles.lines}>
        {receipt.righe.map((line) => (
          <li key={line.cartId}>
            {line.descrizione}
            {line.quantita > 1 ? ` x${line.quantita}` : ''} — <Money amount={line.importoCent / 100} />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void download()} disabled={invoice === 'loading'}>
          {t`Scarica la fattura`}
        </Button>
      </div>
      {invoice === 'missing' && <Alert tone="warning">{t`La fattura non è ancora disponibile: la trovi più tardi tra le fatture ricevute.`}</Alert>}
      {invoice === 'failed' && <Alert tone="error">{t`Non è stato possibile scaricare la fattura: riprova.`}</Alert>}
    </section>
  );
}
