import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { MalformedAnswer } from '../../../api/boundary/payments';
import { marketplaceQuery } from '../../../api/queries/payments';
import type { StudentScope } from '../../../domain/student';
import { categoriesOf, SAMPLE_PRODUCTS, shopFailure, type Marketplace, type Product, type ShopFailure } from '../../../domain/payments';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { EmptyState, ErrorState, Skeleton, type Failed } from '../../../ui/States';
import { Loaded } from '../../-shared/Loaded';
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
  const { t } = useLingui();
  return (
    <Loaded
      query={{ ...marketplaceQuery(scope), meta: { errorDialog: false } }}
      skeleton={<Skeleton lines={6} label={t`Caricamento dei prodotti…`} />}
      failure={(failed) => <ShopFailure failed={failed} headingLevel={headingLevel} />}
    >
      {(shop) => <ShopProducts shop={shop} headingLevel={headingLevel} cartLink={cartLink} />}
    </Loaded>
  );
}

/** A shop the school disabled, one that cannot be reached (the sample catalogue), or another failure. */
function ShopFailure({ failed, headingLevel }: { failed: Failed; headingLevel: 2 | 3 }) {
  const { i18n } = useLingui();
  const H = `h${headingLevel}` as const;
  const failure = shopFailureOf(failed.error);
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
            Non è stato possibile raggiungere il negozio della scuola. Qui sotto c'è solo un catalogo di esempio: non sono i prodotti della scuola e non si
            possono acquistare.
          </Trans>{' '}
          <Button size="small" variant="secondary" disabled={failed.retrying} onClick={failed.retry}>
            {failed.retrying ? <Trans>Nuovo tentativo…</Trans> : <Trans>Riprova</Trans>}
          </Button>
        </Alert>
        <H id="catalogo-esempio">
          <Trans>Catalogo di esempio</Trans>
        </H>
        <ProductList products={SAMPLE_PRODUCTS} sample />
      </section>
    );
  }
  return <ErrorState message={i18n._(SHOP_FAILURE_TEXT[failure])} onRetry={failed.retry} />;
}

function ShopProducts({ shop, headingLevel, cartLink }: { shop: Marketplace; headingLevel: 2 | 3; cartLink?: CartLink }) {
  const { t } = useLingui();
  const H = `h${headingLevel}` as const;
  const { pagamenti, articoli } = shop;
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
