import { Trans } from '@lingui/react/macro';
import { Temporal } from '../../domain/temporal';
import { meetingsSoonQuery } from '../../api/queries/meetings';
import { meetingsSoon } from '../../domain/meetings';
import type { Meeting } from '../../domain/records';
import { formatDate } from '../../i18n/format';
import { todayInRome } from '../../i18n/today';
import { Alert } from '../../ui/Alert';
import { Loaded } from './Loaded';
import { useStudent } from './session';

/**
 * docs/product.md#meetings: a booked meeting less than 36 hours away is announced (on the meeting screens and on
 * Home's "Oggi"). An aid, not the screen's content: while loading or when the call fails it shows
 * nothing, and the meeting screens list the bookings anyway.
 */
export function MeetingSoonAlert() {
  const { scope, studentInfo } = useStudent();
  const query = meetingsSoonQuery(scope, studentInfo.servizi, todayInRome());
  return (
    query && (
      <Loaded query={query} skeleton={null} failure={() => null}>
        {(meetings) => <SoonList soon={meetingsSoon(meetings, Temporal.Now.instant())} />}
      </Loaded>
    )
  );
}

function SoonList({ soon }: { soon: Meeting[] }) {
  if (soon.length === 0) return null;
  return (
    <Alert tone="warning">
      <p>
        <strong>
          <Trans>Hai un colloquio tra meno di 36 ore</Trans>
        </strong>
      </p>
      <ul>
        {soon.map((m) => (
          <li key={m.id} data-colloquio={m.id}>
            <BookedMeeting meeting={m} />
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** A booked meeting in a line: the teacher, its day and time, and whether it is online. */
export function BookedMeeting({ meeting: m }: { meeting: Meeting }) {
  const docente = m.docente;
  const day = formatDate(m.data);
  const time = m.prenotato!.orario;
  return m.modalita === 'online' ? (
    <Trans>
      {docente}, {day} alle {time}, online
    </Trans>
  ) : (
    <Trans>
      {docente}, {day} alle {time}
    </Trans>
  );
}
