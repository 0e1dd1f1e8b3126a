import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { bookMeetingSlotMutation, cancelMeetingBookingMutation } from '../../../../api/queries/meetings';
import { byTeacher, type TeacherMeetings } from '../../../../domain/meetings';
import type { Meeting } from '../../../../domain/records';
import { formatDate } from '../../../../i18n/format';
import { slotBookingMachine, type SlotChoice, type SlotBookingOutcome } from '../../../../machines/slotBooking.machine';
import { mutationActor } from '../../../../machines/mutationActor';
import { Alert } from '../../../../ui/Alert';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { DateText } from '../../../../ui/DateTime';
import { OneLine, RowList } from '../../../../ui/RowList';
import { useStudent } from '../../../-shared/session';
import { CalendarButton } from './CalendarButton';
import styles from './Meetings.module.css';
import { failureText } from '../../../-shared/failureText';

const choiceOf = (m: Meeting, slot: { numero: number; orario: string }): SlotChoice => ({
  meeting: { id: m.id, docente: m.docente, data: m.data },
  slot: { numero: slot.numero, orario: slot.orario },
});

/**
 * The meetings of a screen, one card per teacher (on a phone one row per teacher, opening on them), each meeting with its free slots to book or its
 * booking to cancel or add to the calendar. Both meeting screens use it with the slot booking machine.
 */
export function MeetingsBoard({ meetings, teacherActions }: { meetings: readonly Meeting[]; teacherActions?: (t: TeacherMeetings) => ReactNode }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { scope } = useStudent();
  const [state, send] = useMachine(
    slotBookingMachine.provide({
      actors: {
        bookSlot: mutationActor(queryClient, bookMeetingSlotMutation(scope)),
        cancelBooking: mutationActor(queryClient, cancelMeetingBookingMutation(scope)),
      },
    }),
  );
  const choice = state.context.choice;
  const busy = state.matches('booking') || state.matches('cancelling');
  const docente = choice?.meeting.docente ?? '';
  const day = choice ? formatDate(choice.meeting.data) : '';
  const time = choice?.slot.orario ?? '';
  const teachers = byTeacher(meetings);
  const meetingsOf = (teacher: TeacherMeetings) => (
    <ul className={styles.meetings}>
      {teacher.meetings.map((m) => (
        <MeetingItem
          key={m.id}
          meeting={m}
          locked={busy}
          onBook={(slot) => send({ type: 'slot.chosen', choice: choiceOf(m, slot) })}
          onCancel={() => send({ type: 'booking.cancelRequested', choice: choiceOf(m, { numero: m.prenotato!.slot, orario: m.prenotato!.orario }) })}
        />
      ))}
    </ul>
  );

  return (
    <>
      <Outcome outcome={state.context.outcome} />
      <RowList
        items={teachers}
        itemKey={(teacher) => teacher.key}
        label={t`Docenti`}
        itemAttributes={(teacher) => ({ 'data-docente': teacher.id_professore ?? undefined })}
        row={(teacher) => {
          const next = teacher.meetings[0];
          return {
            title: teacher.docente,
            meta: [teacher.materia ? <OneLine key="materia">{teacher.materia}</OneLine> : null, next ? <DateText key="data" value={next.data} /> : null],
            end: teacher.meetings.some((m) => m.prenotato) ? (
              <Badge tone="success">
                <Trans>Prenotato</Trans>
              </Badge>
            ) : null,
            details: (
              <>
                {teacherActions?.(teacher)}
                {meetingsOf(teacher)}
              </>
            ),
          };
        }}
      >
        <ul className={styles.list}>
          {teachers.map((teacher) => (
            <li key={teacher.key} className={styles.teacher} data-docente={teacher.id_professore ?? undefined}>
              <h3>{teacher.docente}</h3>
              {teacher.materia && <p className={styles.meta}>{teacher.materia}</p>}
              {teacherActions?.(teacher)}
              {meetingsOf(teacher)}
            </li>
          ))}
        </ul>
      </RowList>
      <ConfirmDialog
        open={state.matches('confirmingBooking') || state.matches('booking')}
        busy={state.matches('booking')}
        onClose={() => send({ type: 'choice.dismissed' })}
        title={t`Prenotare il colloquio?`}
        message={<Trans>Colloquio con {docente} il {day} alle {time}.</Trans>}
        confirmLabel={t`Prenota`}
        busyLabel={t`Prenotazione in corso…`}
        onConfirm={() => send({ type: 'choice.confirmed' })}
      />
      <ConfirmDialog
        open={state.matches('confirmingCancel') || state.matches('cancelling')}
        busy={state.matches('cancelling')}
        onClose={() => send({ type: 'choice.dismissed' })}
        title={t`Annullare la prenotazione?`}
        message={<Trans>Il colloquio con {docente} il {day} alle {time} non sarà più prenotato.</Trans>}
        confirmLabel={t`Annulla prenotazione`}
        cancelLabel={t`Mantieni`}
        busyLabel={t`Annullamento in corso…`}
        tone="danger"
        onConfirm={() => send({ type: 'choice.confirmed' })}
      />
    </>
  );
}

function Outcome({ outcome }: { outcome: SlotBookingOutcome | null }) {
  const { i18n } = useLingui();
  if (!outcome) return null;
  const docente = outcome.choice.meeting.docente;
  const day = formatDate(outcome.choice.meeting.data);
  const time = outcome.choice.slot.orario;
  switch (outcome.kind) {
    case 'booked':
      return (
        <Alert tone="success">
          <Trans>
            Colloquio prenotato con {docente} il {day} alle {time}.
          </Trans>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert tone="success">
          <Trans>
            Prenotazione annullata: colloquio con {docente} il {day} alle {time}.
          </Trans>
        </Alert>
      );
    case 'refused': {
      const reason = failureText(outcome.failure, i18n);
      return (
        <Alert tone="error">
          <Trans>{reason} Gli slot sono stati aggiornati: scegline un altro.</Trans>
        </Alert>
      );
    }
    case 'failed': {
      const reason = failureText(outcome.failure, i18n);
      return <Alert tone="error">{reason}</Alert>;
    }
  }
}

function MeetingItem({
  meeting: m,
  locked,
  onBook,
  onCancel,
}: {
  meeting: Meeting;
  locked: boolean;
  onBook: (slot: { numero: number; orario: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const day = formatDate(m.data);
  const docente = m.docente;
  const free = m.slot.filter((s) => s.libero);
  return (
    <li className={styles.meeting} data-colloquio={m.id}>
      <p className={styles.booked}>
        <DateText value={m.data} />{' '}
        <Trans>
          dalle {m.ora_inizio} alle {m.ora_fine}
        </Trans>
      </p>
      <p className={styles.meta}>
        {m.modalita === 'online' ? (
          m.link ? (
            <Trans>
              Online:{' '}
              <a href={m.link} target="_blank" rel="noopener noreferrer">
                {m.link}
              </a>
            </Trans>
          ) : (
            <Trans>Online</Trans>
          )
        ) : (
          [m.luogo, m.indirizzo].filter(Boolean).join(', ') || <Trans>In presenza</Trans>
        )}
      </p>
      {m.prenotato ? (
        <div className={styles.actions}>
          <span>
            <Trans>Prenotato alle {m.prenotato.orario}</Trans>
          </span>
          {m.prenotabile && (
            <Button
              variant="secondary"
              size="small"
              aria-disabled={locked || undefined}
              onClick={() => !locked && onCancel()}
              aria-label={t`Annulla prenotazione del ${day} con ${docente}`}
            >
              <Trans>Annulla prenotazione</Trans>
            </Button>
          )}
          <CalendarButton meetings={[m]} label={t`Aggiungi al calendario il colloquio del ${day} con ${docente}`}>
            <Trans>Aggiungi al calendario</Trans>
          </CalendarButton>
        </div>
      ) : !m.prenotabile ? (
        <p className={styles.meta}>
          <Trans>Colloquio già iniziato o concluso.</Trans>
        </p>
      ) : free.length === 0 ? (
        <p className={styles.meta}>
          <Trans>Nessuno slot libero.</Trans>
        </p>
      ) : (
        <ul className={styles.slots} aria-label={t`Slot liberi del ${day}`}>
          {free.map((s) => (
            <li key={s.numero}>
              <Button
                variant="secondary"
                size="small"
                aria-disabled={locked || undefined}
                aria-label={t`Prenota alle ${s.orario} del ${day} con ${docente}`}
                onClick={() => !locked && onBook(s)}
              >
                {s.orario}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
