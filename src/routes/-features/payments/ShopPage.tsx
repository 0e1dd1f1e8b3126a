import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { MalformedAnswer } from '../../../api/boundary/payments';
import { marketplaceQuery } from '../../../api/queries/payments';
import type { StudentScope } from '../../../domain/student';
import { categoriesOf, SAMPLE_PRODUCTS, shopFailure, type Product, type ShopFailure } from '../../../domain/payments';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { EmptyState, ErrorState, Skeleton } from '../../../ui/States';
import { SHOP_FAILURE_TEXT } from './labels';
import { ProductCard, type CartLink } from './ProductCard';
import { StatementTable } from './Statement';
import styles from './Payments.module.css';

const shopFailureOf = (error: unknown): ShopFailure =>
  error instanceof MalformedAnswer
    ? 'response'
    : isApiError(error)
      ? shopFailure({ status: error.status, code: error.code })
      : shopFailure({ status: null, code: null });

function ProductList({ products, sample = false, cartLink }: { products: readonly Product[]; sample?: boolean; cartLink?: CartLink }) {
  const { t } = useLingui();
  const [category, setCategory] = useState('');
  const categories = categoriesOf(products);
  const shown = category === '' ? products : products.filter((p) => p.categoria === category);
  return (
    <>
      {categories.length > 1 && (
        <SelectField
          className={styles.quantity}
          label={t`Categoria`}
          options={categories.map((c) => ({ value: c, label: c }))}
          emptyOption={t`Tutte le categorie`}
          value={category}
          onChange={setCategory}
        />
      )}
      <ul className={styles.products} aria-label={sample ? t`Catalogo di esempio` : t`Prodotti`}>
        {shown.map((p) => (
          <ProductCard key={p.cart_id} product={p} sample={sample} cartLink={cartLink} />
        ))}
      </ul>
    </>
  );
}

/**
 * The shop (docs/product.md#payments): the school's products and optional payments. A school that disabled the
 * shop gets its message and nothing to buy; a shop that cannot be reached shows the sample
 * catalogue, marked as such and not for sale, with a way to try again.
 */
export function Shop({ scope, headingLevel = 2, cartLink }: { scope: StudentScope; headingLevel?: 2 | 3; cartLink?: CartLink }) {
  const { t, i18n } = useLingui();
  const query = useQuery({ ...marketplaceQuery(scope), meta: { errorDialog: false } });
  const H = `h${headingLevel}` as const;

  if (query.status === 'pending') return <Skeleton lines={6} label={t`Caricamento dei prodotti…`} />;
  if (query.status === 'error') {
    const failure = shopFailureOf(query.error);
    if (failure === 'disabled') {
      return (
        <Alert tone="warning">
          <Trans>Il negozio è temporaneamente disabilitato</Trans>
        </Alert>
      );
    }
    if (failure === 'unreachable') {
      return (
        <section className={styles.section} aria-labelledby="catalogo-esempio">
          <Alert tone="warning">
            <Trans>
              Non è stato possibile raggiungere il negozio della scuola. Qui sotto c'è solo un catalogo di esempio: non sono i prodotti della
              scuola e non si possono acquistare.
            </Trans>{' '}
            <Button size="small" variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
              {query.isFetching ? <Trans>Nuovo tentativo…</Trans> : <Trans>Riprova</Trans>}
            </Button>
          </Alert>
          <H id="catalogo-esempio">
            <Trans>Catalogo di esempio</Trans>
          </H>
          <ProductList products={SAMPLE_PRODUCTS} sample />
        </section>
      );
    }
    return <ErrorState message={i18n._(SHOP_FAILURE_TEXT[failure])} onRetry={() => void query.refetch()} />;
  }

  const { pagamenti, articoli } = query.data;
  const payable = pagamenti.filter((p) => !p.pagato);
  return (
    <>
      <section className={styles.section} aria-labelledby="prodotti">
        <H id="prodotti">
          <Trans>Prodotti</Trans>
        </H>
        {articoli.length === 0 ? (
          <EmptyState>
            <Trans>Il negozio della scuola non ha prodotti in vendita.</Trans>
          </EmptyState>
        ) : (
          <ProductList products={articoli} cartLink={cartLink} />
        )}
      </section>
      {payable.length > 0 && (
        <section className={styles.section} aria-labelledby="pagamenti-facoltativi">
          <H id="pagamenti-facoltativi">
            <Trans>Pagamenti facoltativi</Trans>
          </H>
          <StatementTable items={payable} caption={t`Pagamenti facoltativi`} />
        </section>
      )}
    </>
  );
}
