import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { statementQuery } from '../../../api/queries/payments';
import { SECTION_LABELS } from '../../-shared/navLabels';
import { StatementPage } from '../../-features/payments/StatementPage';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';

export const Route = createFileRoute('/_private/(payments)/estratto-conto-ref')({
  beforeLoad: ({ context }) => requireSection('/estratto-conto-ref', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(statementQuery(scope)),
  component: Page,
  errorComponent: RouteError,
});

function Page() {
  const { i18n } = useLingui();
  return <StatementPage title={i18n._(SECTION_LABELS['/estratto-conto-ref'])} />;
}
