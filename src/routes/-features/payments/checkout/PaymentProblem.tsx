import { useLingui } from '@lingui/react/macro';
import type { ActionFailure } from '../../../../domain/failure';
import { Alert } from '../../../../ui/Alert';
import { statusMessage } from '../../../-shared/messages';

/** docs/product.md#shop-and-mobile-messages: the payment error title, then the server's own words on 409 / 400, else the status's text. */
export function PaymentProblem({ failure }: { failure: ActionFailure | null }) {
  const { t, i18n } = useLingui();
  // On 409 the contract's `error` is the sentence; on 400 and 403 `detail` is.
  const words = failure?.status === 409 ? failure.error : failure?.status === 400 || failure?.status === 403 ? failure.detail : null;
  return (
    <Alert tone="error">
      <strong>{t`Errore nel pagamento`}</strong> {words ?? i18n._(statusMessage(failure?.status ?? 0, failure?.error))}
    </Alert>
  );
}
