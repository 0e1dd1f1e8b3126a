import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Temporal } from '../../domain/temporal';
import { meetingsInRangeQuery } from '../../api/queries/meetings';
import { alertRange, meetingsSoon } from '../../domain/meetings';
import { hasService } from '../../domain/services';
import { formatDate } from '../../i18n/format';
import { todayInRome } from '../../i18n/today';
import { Alert } from '../../ui/Alert';
import { useStudent } from './session';

/**
 * docs/product.md#meetings: a booked meeting less than 36 hours away is announced (on the meeting screens and on
 * Home's "Oggi"). An aid, not the screen's content: while loading or when the call fails it shows
 * nothing, and the meeting screens list the bookings anyway.
 */
export function MeetingSoonAlert() {
  const { scope, studentInfo } = useStudent();
  const on = hasService(studentInfo.servizi, 'colloqui_individuali') || hasService(studentInfo.servizi, 'colloqui_generali');
  const { data } = useQuery({ ...meetingsInRangeQuery(scope, alertRange(todayInRome())), enabled: on, meta: { errorDialog: false } });
  const soon = on && data ? meetingsSoon(data, Temporal.Now.instant()) : [];
  if (soon.length === 0) return null;
  return (
    <Alert tone="warning">
      <p>
        <strong>
          <Trans>Hai un colloquio tra meno di 36 ore</Trans>
        </strong>
      </p>
      <ul>
        {soon.map((m) => {
          const docente = m.docente;
          const day = formatDate(m.data);
          const time = m.prenotato!.orario;
          return (
            <li key={m.id} data-colloquio={m.id}>
              {m.modalita === 'online' ? (
                <Trans>
                  {docente}, {day} alle {time}, online
                </Trans>
              ) : (
                <Trans>
                  {docente}, {day} alle {time}
                </Trans>
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
