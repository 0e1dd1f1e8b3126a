import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Temporal } from '../../../../domain/temporal';
import type { ReactNode } from 'react';
import { meetingEvents, meetingsFileName } from '../../../../domain/meetings';
import type { Meeting } from '../../../../domain/records';
import { formatDate } from '../../../../i18n/format';
import { Button } from '../../../../ui/Button';
import { saveBlob } from '../../../-shared/download';
import { useStudent } from '../../../-shared/session';
import styles from './Meetings.module.css';

/** The booked meetings given as an iCalendar file (one event each), for the phone's or computer's calendar. */
export function CalendarButton({ meetings, children, label }: { meetings: readonly Meeting[]; children: ReactNode; label?: string }) {
  const { t } = useLingui();
  const { scope, student } = useStudent();
  const download = useMutation({
    mutationFn: async () => {
      // The file writer's library loads only now, when someone exports.
      const { buildICalendar } = await import('../../../../domain/icalendarFile');
      const ics = buildICalendar({
        prodId: `-//Portale Famiglie//Colloqui ${__APP_VERSION__}//IT`,
        name: t`Colloqui di ${student.nome} ${student.cognome}`,
        stamp: Temporal.Now.instant(),
        events: meetingEvents(meetings, scope, {
          summary: (m) => {
            const docente = m.docente;
            return t`Colloquio con ${docente}`;
          },
          description: (m) => {
            const materia = m.materia;
            const studente = `${student.nome} ${student.cognome}`.trim();
            const day = formatDate(m.data);
            return [t`Studente: ${studente}`, materia ? t`Materie: ${materia}` : '', t`Prenotato per il ${day}`].filter(Boolean).join('\n');
          },
        }),
      });
      saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), meetingsFileName(meetings.filter((m) => m.prenotato)));
    },
    meta: { errorDialog: false },
  });
  return (
    <span className={styles.inline}>
      <Button variant="secondary" size="small" aria-label={label} disabled={download.isPending} onClick={() => download.mutate()}>
        {children}
      </Button>
      {download.isError && (
        <span role="alert" className={styles.error}>
          <Trans>Non è stato possibile creare il file del calendario.</Trans>
        </span>
      )}
    </span>
  );
}
