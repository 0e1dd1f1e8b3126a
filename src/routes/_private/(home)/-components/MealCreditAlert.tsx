import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { mealsQuery } from '../../../../api/queries/meals';
import { hasService } from '../../../../domain/services';
import { formatMoney } from '../../../../i18n/format';
import { Alert } from '../../../../ui/Alert';
import { useStudent } from '../../../-shared/session';

/**
 * "Oggi" tells when the meal credit is low (`allarme_credito_residuo`), with a way to the meals
 * screen. Nothing while it loads or when the call fails: the meals screen says that itself.
 */
export function MealCreditAlert() {
  const { scope, studentInfo } = useStudent();
  const on = hasService(studentInfo.servizi, 'mense');
  const { data } = useQuery({ ...mealsQuery(scope), enabled: on, meta: { errorDialog: false } });
  if (!on || !data?.allarme_credito_residuo) return null;
  const amount = formatMoney(data.credito_residuo);
  return (
    <Alert tone="warning">
      <Trans>Credito mensa basso: restano {amount}.</Trans>{' '}
      <Link to="/mense">
        <Trans>Vai alla mensa</Trans>
      </Link>
    </Alert>
  );
}
