import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { paymentArrangementQuery } from '../../../../api/queries/checkout';
import { lineTotalCent, type CartItem } from '../../../../domain/cart';
import { paymentReference, type PaymentArrangement } from '../../../../domain/checkout';
import type { StudentScope } from '../../../../domain/student';
import { Button } from '../../../../ui/Button';
import { Money } from '../../../../ui/Money';
import { Skeleton } from '../../../../ui/States';
import { Loaded } from '../../../-shared/Loaded';
import type { CheckoutStudent } from './Checkout';
import styles from './Checkout.module.css';

/** A value the family copies into the bank's form; the button says what it copied. */
function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        aria-label={t`Copia ${what}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        {t`Copia`}
      </Button>
      <span role="status">{copied ? t`Copiato` : ''}</span>
    </>
  );
}

/**
 * Paying the school directly (docs/product.md#payments "by arrangement with the school"): at the office, or by bank
 * transfer with beneficiary, IBAN and a reference naming the item and the student, each copyable.
 */
export function ArrangementInstructions({
  items,
  scope,
  student,
  headingId,
}: {
  items: CartItem[];
  scope: StudentScope;
  student: CheckoutStudent;
  headingId: string;
}) {
  const { t } = useLingui();
  return (
    <Loaded query={paymentArrangementQuery(scope)} skeleton={<Skeleton lines={4} label={t`Caricamento delle indicazioni della scuola…`} />}>
      {(arrangement) => <Instructions arrangement={arrangement} items={items} student={student} headingId={headingId} />}
    </Loaded>
  );
}

function Instructions({
  arrangement,
  items,
  student,
  headingId,
}: {
  arrangement: PaymentArrangement;
  items: CartItem[];
  student: CheckoutStudent;
  headingId: string;
}) {
  const { t } = useLingui();
  const { sportello, bonifico } = arrangement;
  return (
    <>
      <h2 id={headingId}>{t`Pagamento in accordo con la scuola`}</h2>
      {!sportello && !bonifico && <p>{t`La scuola non ha indicato come pagarla direttamente: contatta la segreteria.`}</p>}
      {sportello && (
        <section aria-labelledby="sportello-titolo">
          <h3 id="sportello-titolo">{t`In segreteria`}</h3>
          <dl className={styles.details}>
            <dt>{t`Dove`}</dt>
            <dd>{sportello.luogo}</dd>
            <dt>{t`Orari`}</dt>
            <dd>{sportello.orari}</dd>
          </dl>
        </section>
      )}
      {bonifico && (
        <section aria-labelledby="bonifico-titolo">
          <h3 id="bonifico-titolo">{t`Con bonifico bancario`}</h3>
          <dl className={styles.details}>
            <dt>{t`Beneficiario`}</dt>
            <dd>
              {bonifico.beneficiario} <CopyButton value={bonifico.beneficiario} what={t`beneficiario`} />
            </dd>
            <dt>IBAN</dt>
            <dd>
              <span translate="no">{bonifico.iban}</span> <CopyButton value={bonifico.iban} what="IBAN" />
            </dd>
            {bonifico.banca && (
              <>
                <dt>{t`Banca`}</dt>
                <dd>{bonifico.banca}</dd>
              </>
            )}
          </dl>
          <h4>{t`Un bonifico per ogni voce, con questa causale`}</h4>
          <dl className={styles.details}>
            {items.map((item) => {
              const reference = paymentReference(item.quantita > 1 ? `${item.nome} x${item.quantita}` : item.nome, student);
              return (
                <div key={item.cart_id} className={styles.group}>
                  <dt>
                    {item.nome} <Money amount={lineTotalCent(item) / 100} />
                  </dt>
                  <dd>
                    <span>{reference}</span> <CopyButton value={reference} what={t`causale per ${item.nome}`} />
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      )}
    </>
  );
}
