import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { dailyServicesQuery } from '../../../api/queries/dailyServices';
import { isIsoDate } from '../../../domain/isoDate';
import { formatWeekdayDate } from '../../../i18n/format';
import { todayInRome } from '../../../i18n/today';
import { DateField } from '../../../ui/TextField';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';
import { useStudent } from '../../-shared/session';
import { DailyBookings, DailyCreditSection } from './-components/DailyCredit';
import { DailyServices } from './-components/DailyServices';
import page from '../../-shared/Page.module.css';
import styles from './-components/Meals.module.css';

interface DailySearch {
  /** The day chosen (YYYY-MM-DD); today when missing. */
  data?: string;
}

export const Route = createFileRoute('/_private/(meals)/servizi-giornalieri')({
  validateSearch: (search: Record<string, unknown>): DailySearch =>
    isIsoDate(search.data) ? { data: search.data } : {},
  beforeLoad: ({ context }) => requireSection('/servizi-giornalieri', context),
  loaderDeps: ({ search }) => ({ data: search.data }),
  loader: ({ context: { queryClient, scope }, deps }) =>
    queryClient.ensureQueryData(dailyServicesQuery(scope, deps.data ?? todayInRome().toString())),
  component: DailyServicesPage,
  errorComponent: RouteError,
});

// Search read by route id, not through Route: the route's definition then needs no chunk of its own.
function DailyServicesPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { scope } = useStudent();
  const search = useSearch({ from: '/_private/(meals)/servizi-giornalieri' });
  const day = search.data ?? todayInRome().toString();
  const { data } = useSuspenseQuery(dailyServicesQuery(scope, day));
  const dayText = formatWeekdayDate(i18n.locale, day);
  return (
    <div className={page.page}>
      <h1>
        <Trans>Servizi giornalieri</Trans>
      </h1>
      <section className={page.card} aria-labelledby="servizi-giorno">
        <h2 id="servizi-giorno">
          <Trans>Servizi di {dayText}</Trans>
        </h2>
        <div className={styles.toolbar}>
          <DateField
            label={t`Giorno`}
            value={day}
            onChange={(e) => {
              const value = e.target.value;
              if (isIsoDate(value)) void navigate({ to: '/servizi-giornalieri', search: { data: value }, replace: true });
            }}
          />
        </div>
        <DailyServices day={data} />
      </section>
      <DailyCreditSection />
      <DailyBookings />
    </div>
  );
}
