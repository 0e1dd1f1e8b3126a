import { createFileRoute, useSearch } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { mealDayQuery, mealsQuery } from '../../../api/queries/meals';
import { EmptyState } from '../../../ui/States';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';
import { useStudent } from '../../-shared/session';
import { ConsumedMeals } from './-components/ConsumedMeals';
import { LowCreditAlert, MealCreditSection } from './-components/MealCredit';
import { MealBooking } from './-components/MealBooking';
import page from '../../-shared/Page.module.css';

interface MealsSearch {
  /** The day shown (its id), so that a reload shows the same day. */
  pasto?: number;
}

export const Route = createFileRoute('/_private/(meals)/mense')({
  validateSearch: (search: Record<string, unknown>): MealsSearch => {
    const id = Number(search.pasto);
    return Number.isInteger(id) && id > 0 ? { pasto: id } : {};
  },
  beforeLoad: ({ context }) => requireSection('/mense', context),
  loaderDeps: ({ search }) => ({ pasto: search.pasto }),
  loader: async ({ context: { queryClient, scope }, deps }) => {
    const summary = await queryClient.ensureQueryData(mealsQuery(scope));
    const id = deps.pasto ?? summary.pasto_corrente?.id;
    if (id !== undefined) await queryClient.ensureQueryData(mealDayQuery(scope, id));
  },
  component: MealsPage,
  errorComponent: RouteError,
});

// The screen reads its search by route id, not through Route: that keeps the route's definition out
// of a chunk of its own, which /login would load too.
function MealsPage() {
  const { scope } = useStudent();
  const { pasto } = useSearch({ from: '/_private/(meals)/mense' });
  const { data: summary } = useSuspenseQuery(mealsQuery(scope));
  const dayId = pasto ?? summary.pasto_corrente?.id;
  return (
    <div className={page.page}>
      <h1>
        <Trans>Mensa</Trans>
      </h1>
      {summary.allarme_credito_residuo && <LowCreditAlert credit={summary.credito_residuo} threshold={summary.soglia_credito} />}
      <section className={page.card} aria-labelledby="mensa-prenotazione">
        <h2 id="mensa-prenotazione">
          <Trans>Prenotazione del pasto</Trans>
        </h2>
        {dayId === undefined ? (
          <EmptyState>
            <Trans>Nessun menù disponibile per quest'anno scolastico.</Trans>
          </EmptyState>
        ) : (
          <MealBooking dayId={dayId} />
        )}
      </section>
      <ConsumedMeals count={summary.pasti_consumati} />
      <MealCreditSection />
    </div>
  );
}
