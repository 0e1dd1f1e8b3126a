import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';
import { SECTION_LABELS } from '../../-shared/navLabels';
import { CartPage } from './-components/CartPage';

export const Route = createFileRoute('/_private/(payments)/carrello-ref')({
  validateSearch: (search: Record<string, unknown>): { passo?: 'pagamento' } => (search.passo === 'pagamento' ? { passo: 'pagamento' } : {}),
  beforeLoad: ({ context }) => requireSection('/carrello-ref', context),
  component: Page,
  errorComponent: RouteError,
});

function Page() {
  const { i18n } = useLingui();
  const { passo } = Route.useSearch();
  return <CartPage title={i18n._(SECTION_LABELS['/carrello-ref'])} step={passo} />;
}
