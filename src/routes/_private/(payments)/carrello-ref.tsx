import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { SECTION_LABELS } from '../../-shared/navLabels';
import { CartPage } from './-components/CartPage';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';

export const Route = createFileRoute('/_private/(payments)/carrello-ref')({
  beforeLoad: ({ context }) => requireSection('/carrello-ref', context),
  component: Page,
  errorComponent: RouteError,
});

function Page() {
  const { i18n } = useLingui();
  return <CartPage title={i18n._(SECTION_LABELS['/carrello-ref'])} />;
}
