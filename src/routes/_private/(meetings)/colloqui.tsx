import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { individualMeetingsQuery, meetingsInRangeQuery } from '../../../api/queries/meetings';
import { bookedMeetings } from '../../../domain/meetings';
import type { DateFilterValue } from '../../../domain/dateFilter';
import type { DayRange } from '../../../domain/isoDate';
import type { Meeting } from '../../../domain/records';
import { DateText } from '../../../ui/DateTime';
import { EmptyState, Skeleton } from '../../../ui/States';
import { DateFilterSheet } from '../../-shared/DateFilterSheet';
import { requireSection } from '../../-shared/guards';
import { MeetingSoonAlert } from '../../-shared/MeetingSoonAlert';
import { Loaded } from '../../-shared/Loaded';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import { CalendarButton } from './-components/CalendarButton';
import { MeetingRequest } from './-components/MeetingRequest';
import { MeetingsBoard } from './-components/MeetingsBoard';
import page from '../../-shared/Page.module.css';
import styles from './-components/Meetings.module.css';

export const Route = createFileRoute('/_private/(meetings)/colloqui')({
  beforeLoad: ({ context }) => requireSection('/colloqui', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(individualMeetingsQuery(scope)),
  component: IndividualMeetingsPage,
  errorComponent: RouteError,
});

function IndividualMeetingsPage() {
  const { scope, studentInfo } = useStudent();
  const { data: meetings } = useSuspenseQuery(individualMeetingsQuery(scope));
  // A past meeting is of no use here unless it was the family's.
  const shown = meetings.filter((m) => m.prenotabile || m.prenotato);

  return (
    <div className={page.page}>
      <h1>
        <Trans>Colloqui individuali</Trans>
      </h1>
      <MeetingSoonAlert />
      <BookedInRange />
      <section className={page.card} aria-labelledby="colloqui-docenti">
        <h2 id="colloqui-docenti">
          <Trans>Docenti e orari di ricevimento</Trans>
        </h2>
        {shown.length === 0 ? (
          <EmptyState>
            <Trans>Nessun colloquio individuale in programma.</Trans>
          </EmptyState>
        ) : (
          <MeetingsBoard
            meetings={shown}
            teacherActions={(teacher) =>
              // docs/product.md#meetings: a request only where the school takes them (richiesta_colloqui_individuali).
              studentInfo.richiesta_colloqui_individuali && teacher.id_professore !== null ? (
                <MeetingRequest teacherId={teacher.id_professore} docente={teacher.docente} />
              ) : null
            }
          />
        )}
      </section>
    </div>
  );
}

/** The family's bookings (both kinds) in a chosen range; docs/product.md#meetings: nothing is asked before a range is set. */
function BookedInRange() {
  const { t } = useLingui();
  const [range, setRange] = useState<DateFilterValue | null>(null);
  return (
    <section className={page.card} aria-labelledby="colloqui-prenotati">
      <h2 id="colloqui-prenotati">
        <Trans>I colloqui prenotati</Trans>
      </h2>
      <DateFilterSheet
        value={range}
        onChange={setRange}
        title={t`Periodo dei colloqui prenotati`}
        none={t`Nessun periodo scelto`}
        noRange={<Trans>Nessun intervallo scelto: scegli un periodo per vedere i colloqui prenotati.</Trans>}
      />
      {range !== null && <BookedList range={{ from: range.from, to: range.to }} />}
    </section>
  );
}

/** Loading, error, empty or the bookings. */
function BookedList({ range }: { range: DayRange }) {
  const { scope } = useStudent();
  return (
    <Loaded
      query={meetingsInRangeQuery(scope, range)}
      skeleton={<Skeleton lines={2} />}
      isEmpty={(meetings) => bookedMeetings(meetings).length === 0}
      empty={<Trans>Nessun colloquio prenotato nel periodo scelto.</Trans>}
    >
      {(meetings) => <BookedMeetings booked={bookedMeetings(meetings)} />}
    </Loaded>
  );
}

function BookedMeetings({ booked }: { booked: Meeting[] }) {
  return (
    <>
      <ul className={styles.meetings}>
        {booked.map((m) => (
          <li key={m.id} className={styles.meeting} data-prenotato={m.id}>
            <DateText value={m.data} /> {m.prenotato!.orario} · {m.docente}
            {m.tipo === 'generale' && (
              <span className={page.muted}>
                {' '}
                · <Trans>colloquio generale</Trans>
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <CalendarButton meetings={booked}>
          <Trans>Aggiungi tutti al calendario</Trans>
        </CalendarButton>
      </div>
    </>
  );
}
