import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { mealCreditAlertQuery } from '../../../../api/queries/home';
import type { MealSummary } from '../../../../domain/meals';
import { formatMoney } from '../../../../i18n/format';
import { Alert } from '../../../../ui/Alert';
import { Loaded } from '../../../-shared/Loaded';

/**
 * "Oggi" tells when the meal credit is low (`allarme_credito_residuo`), with a way to the meals
 * screen. Nothing while it loads or when the call fails: the meals screen says that itself.
 */
export function MealCreditAlert({ query }: { query: ReturnType<typeof mealCreditAlertQuery> }) {
  return (
    <Loaded query={query} skeleton={null} failure={() => null}>
      {(meals) => <LowCredit meals={meals} />}
    </Loaded>
  );
}

function LowCredit({ meals }: { meals: MealSummary }) {
  if (!meals.allarme_credito_residuo) return null;
  const amount = formatMoney(meals.credito_residuo);
  return (
    <Alert tone="warning">
      <Trans>Credito mensa basso: restano {amount}.</Trans>{' '}
      <Link to="/mense">
        <Trans>Vai alla mensa</Trans>
      </Link>
    </Alert>
  );
}
