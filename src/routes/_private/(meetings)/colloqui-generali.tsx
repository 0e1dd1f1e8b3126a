import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { generalMeetingsQuery } from '../../../api/queries/meetings';
import { bookedMeetings } from '../../../domain/meetings';
import { EmptyState } from '../../../ui/States';
import { requireSection } from '../../-shared/guards';
import { MeetingSoonAlert } from '../../-shared/MeetingSoonAlert';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import { CalendarButton } from './-components/CalendarButton';
import { MeetingsBoard } from './-components/MeetingsBoard';
import page from '../../-shared/Page.module.css';
import styles from './-components/Meetings.module.css';

export const Route = createFileRoute('/_private/(meetings)/colloqui-generali')({
  beforeLoad: ({ context }) => requireSection('/colloqui-generali', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(generalMeetingsQuery(scope)),
  component: GeneralMeetingsPage,
  errorComponent: RouteError,
});

function GeneralMeetingsPage() {
  const { scope } = useStudent();
  const { data: meetings } = useSuspenseQuery(generalMeetingsQuery(scope));
  const shown = meetings.filter((m) => m.prenotabile || m.prenotato);
  const booked = bookedMeetings(shown);

  return (
    <div className={page.page}>
      <h1>
        <Trans>Colloqui generali</Trans>
      </h1>
      <MeetingSoonAlert />
      <section className={page.card} aria-labelledby="colloqui-generali">
        <h2 id="colloqui-generali">
          <Trans>Un incontro per docente</Trans>
        </h2>
        {booked.length > 0 && (
          <div className={styles.actions}>
            <CalendarButton meetings={booked}>
              <Trans>Aggiungi tutti al calendario</Trans>
            </CalendarButton>
          </div>
        )}
        {shown.length === 0 ? (
          <EmptyState>
            <Trans>Nessun colloquio generale in programma.</Trans>
          </EmptyState>
        ) : (
          <MeetingsBoard meetings={shown} />
        )}
      </section>
    </div>
  );
}
