import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { SECTION_LABELS } from '../../-shared/navLabels';
import page from '../../-shared/Page.module.css';
import { Shop } from '../../-features/payments/ShopPage';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';
import { useStudent } from '../../-shared/session';

export const Route = createFileRoute('/_private/(payments)/negozio')({
  beforeLoad: ({ context }) => requireSection('/negozio', context),
  component: Page,
  errorComponent: RouteError,
});

function Page() {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  return (
    <div className={page.page}>
      <h1>{i18n._(SECTION_LABELS['/negozio'])}</h1>
      <Shop scope={scope} />
    </div>
  );
}
