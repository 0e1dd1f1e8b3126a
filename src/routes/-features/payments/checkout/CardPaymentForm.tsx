import { paymentKeyQuery } from '../../../../api/queries/checkout';
import { cardLibrary, type CardSlot } from '../../../../api/paymentProviders';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { StripeElementChangeEvent, StripeCardNumberElement, StripeElement } from '@stripe/stripe-js';
import type { StudentScope } from '../../../../domain/student';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/TextField';
import { Loaded } from '../../../-shared/Loaded';
import styles from './Checkout.module.css';


type Part = 'cardNumber' | 'cardExpiry' | 'cardCvc';
const PARTS: Part[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

interface CardPaymentFormProps {
  scope: StudentScope;
  handle: CardSlot;
  busy: boolean;
  /** The machine's word on the last try: the form's own check, or the provider's reason. */
  message: string | null;
  onSubmit: (name: string) => void;
  onAbandon: () => void;
}

/**
 * The card payment (docs/product.md#payments): the cardholder name (required) is the portal's field; number, expiry and
 * CVC are the card library's elements, mounted in slots the portal never reads: the number never
 * passes through the portal's inputs, state or logs. Only whether each part is complete comes back.
 */
export function CardPaymentForm(props: CardPaymentFormProps) {
  // While the key loads the form is drawn without the card's fields; the same form gets them after.
  const form = (publishableKey: string | null) => <CardForm {...props} publishableKey={publishableKey} />;
  return (
    <Loaded query={paymentKeyQuery(props.scope)} skeleton={form(null)} failure={() => <CardUnavailable />}>
      {form}
    </Loaded>
  );
}

function CardUnavailable() {
  const { t } = useLingui();
  return (
    <Alert tone="error">
      <strong>{t`Errore nel pagamento`}</strong> {t`Non è stato possibile caricare il modulo della carta: riprova più tardi.`}
    </Alert>
  );
}

function CardForm({ handle, busy, message, onSubmit, onAbandon, publishableKey }: CardPaymentFormProps & { publishableKey: string | null }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [complete, setComplete] = useState<Record<Part, boolean>>({ cardNumber: false, cardExpiry: false, cardCvc: false });
  const [partError, setPartError] = useState<Partial<Record<Part, string>>>({});
  const [incomplete, setIncomplete] = useState(false);
  const [libraryFailed, setLibraryFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const slots = { cardNumber: useRef<HTMLDivElement>(null), cardExpiry: useRef<HTMLDivElement>(null), cardCvc: useRef<HTMLDivElement>(null) };
  const ids = { cardNumber: useId(), cardExpiry: useId(), cardCvc: useId() };
  const nameError = message === 'nameRequired' ? t`Nome titolare carta è obbligatorio` : null;
  const providerMessage = message !== null && message !== 'nameRequired' && message !== '' ? message : null;

  useEffect(() => {
    if (!publishableKey) return;
    let cancelled = false;
    const mounted: StripeElement[] = [];
    cardLibrary(publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        const elements = stripe.elements({ locale: document.documentElement.lang === 'en' ? 'en' : 'it' });
        for (const part of PARTS) {
          const element = elements.create(part as 'cardNumber');
          element.on('change', (e: StripeElementChangeEvent) => {
            setComplete((c) => ({ ...c, [part]: e.complete }));
            setPartError((p) => ({ ...p, [part]: e.error?.message }));
            setIncomplete(false);
          });
          const slot = slots[part].current;
          if (slot) element.mount(slot);
          mounted.push(element);
        }
        handle.current = { stripe, cardNumber: mounted[0] as StripeCardNumberElement };
        setReady(true);
      },
      () => {
        if (!cancelled) setLibraryFailed(true);
      },
    );
    return () => {
      cancelled = true;
      mounted.forEach((e) => e.destroy());
      handle.current = null;
    };
    // The slots are stable refs; the library is mounted once per key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey, handle]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // The name is the machine's to check (its message); completeness is the library's to tell.
    if (name.trim() !== '' && !PARTS.every((p) => complete[p])) {
      setIncomplete(true);
      return;
    }
    onSubmit(name);
  };

  const labels: Record<Part, string> = {
    cardNumber: t`Numero della carta`,
    cardExpiry: t`Scadenza`,
    cardCvc: t`Codice di sicurezza (CVC)`,
  };

  if (libraryFailed) return <CardUnavailable />;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy || !ready}>
      <div className={styles.checkout}>
        {providerMessage && (
          <Alert tone="error">
            <strong>{t`Errore nel pagamento`}</strong> {providerMessage} <Trans>Puoi riprovare con un'altra carta.</Trans>
          </Alert>
        )}
        <TextField
          label={t`Nome titolare carta`}
          required
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          disabled={busy}
        />
        {PARTS.map((part) => (
          <div key={part} className={styles.cardField}>
            {/* The library's field carries its own label inside its frame; this one names the slot on screen. */}
            <span id={ids[part]}>{labels[part]}</span>
            <div ref={slots[part]} className={styles.cardSlot} role="group" aria-labelledby={ids[part]} />
            {partError[part] && <p className={styles.fieldError}>{partError[part]}</p>}
          </div>
        ))}
        {incomplete && <p className={styles.fieldError} role="alert">{t`Completa i dati della carta`}</p>}
        <div className={styles.actions}>
          <Button type="submit" disabled={busy || !ready}>
            {busy ? t`Pagamento in corso…` : t`Paga`}
          </Button>
          <Button variant="secondary" onClick={onAbandon} disabled={busy}>
            {t`Cambia metodo di pagamento`}
          </Button>
        </div>
      </div>
    </form>
  );
}
