import { useNavigate } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { bookMealMutation, mealDayQuery } from '../../../../api/queries/meals';
import { isMealBookable, mealChoices, NO_MEAL, selectedMeal } from '../../../../domain/meals';
import { formatTime, formatWeekdayDate } from '../../../../i18n/format';
import { mealBookingMachine, type MealBookingOutcome } from '../../../../machines/mealBooking.machine';
import { mutationActor } from '../../../../machines/mutationActor';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { RadioGroupField } from '../../../../ui/ChoiceField';
import { statusMessage } from '../../../-shared/messages';
import { failureText } from '../../../-shared/failureText';
import { useStudent } from '../../../-shared/session';
import styles from './Meals.module.css';

/** One menu day: its date, deadline, menu and the one-of-many choice, with previous/next day. */
export function MealBooking({ dayId }: { dayId: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { scope } = useStudent();
  const { data: day } = useSuspenseQuery(mealDayQuery(scope, dayId));
  const [state, send] = useMachine(
    mealBookingMachine.provide({
      actors: { bookMeal: mutationActor(queryClient, bookMealMutation(scope)) },
    }),
  );

  // The moment the screen opened: the server has the last word (409) if the deadline passes meanwhile.
  const [openedAt] = useState(Date.now);
  const open = day !== null && isMealBookable(day, openedAt);
  const shownId = day?.id ?? null;
  const known = state.context.dayId === shownId && state.matches('closed') !== open;
  // The machine hears of a day only when it does not know it yet: another day, or this day closing
  // on a refresh (a 409 already closed it, with the server's words, which must stay).
  useEffect(() => {
    if (shownId !== null && !known) send({ type: 'meal.dayShown', day: { id: shownId, open } });
  }, [send, shownId, open, known]);

  if (!day) {
    return (
      <p role="alert" className={styles.error}>
        {i18n._(statusMessage(500))}
      </p>
    );
  }

  const booking = state.matches('booking');
  const closed = state.matches('closed') || !open;
  const { outcome, pending } = state.context;
  const booked = selectedMeal(day);
  const choices = mealChoices(day);
  const labelOf = (codice: string) => {
    const c = choices.find((x) => x.codice === codice);
    return codice === NO_MEAL ? t`Nessun pasto` : (c?.descrizione ?? codice);
  };
  const bookedLabel = labelOf(booked);
  const dayText = formatWeekdayDate(i18n.locale, day.data);
  const deadline = formatTime(day.scadenza);
  const deadlineDay = formatWeekdayDate(i18n.locale, day.scadenza);
  const go = (id: number | null) => {
    if (id !== null) void navigate({ to: '/mense', search: { pasto: id } });
  };

  return (
    <div className={styles.booking}>
      <nav className={styles.dayNav} aria-label={t`Giorni del menù`}>
        <Button variant="secondary" disabled={booking || day.id_pasto_precedente === null} onClick={() => go(day.id_pasto_precedente)}>
          <Trans>Giorno precedente</Trans>
        </Button>
        <h3 className={styles.day} aria-live="polite">
          <Trans>Menù di {dayText}</Trans>
        </h3>
        <Button variant="secondary" disabled={booking || day.id_pasto_successivo === null} onClick={() => go(day.id_pasto_successivo)}>
          <Trans>Giorno successivo</Trans>
        </Button>
      </nav>
      <p className={styles.menu}>{day.descrizione}</p>
      {closed ? (
        <p className={styles.deadline}>
          <Trans>
            Prenotazioni chiuse per questo giorno: il termine era alle {deadline} di {deadlineDay}.
          </Trans>
        </p>
      ) : (
        <p className={styles.deadline}>
          <Trans>
            Prenotabile fino alle {deadline} di {deadlineDay}.
          </Trans>
        </p>
      )}
      <RadioGroupField
        label={t`Pasto`}
        options={choices.map((c) => ({ value: c.codice, label: labelOf(c.codice) }))}
        value={pending ?? booked}
        onChange={(codice) => send({ type: 'meal.chosen', codice })}
        disabled={closed || booking}
      />
      <p className={styles.booked} data-testid="pasto-prenotato">
        {booking ? (
          <Trans>Prenotazione in corso…</Trans>
        ) : booked === NO_MEAL ? (
          <Trans>Nessun pasto prenotato per questo giorno.</Trans>
        ) : (
          <Trans>Prenotato: {bookedLabel}</Trans>
        )}
      </p>
      <OutcomeMessage outcome={outcome} labelOf={labelOf} />
    </div>
  );
}

function OutcomeMessage({ outcome, labelOf }: { outcome: MealBookingOutcome | null; labelOf: (codice: string) => string }) {
  const { i18n } = useLingui();
  switch (outcome?.kind) {
    case undefined:
      return null;
    case 'booked': {
      const label = labelOf(outcome.codice);
      return (
        <Alert tone="success">
          <Trans>Prenotazione registrata: {label}.</Trans>
        </Alert>
      );
    }
    case 'tooLate': {
      const message = outcome.message;
      return (
        <Alert tone="error">
          <Trans>Prenotazione non registrata: {message}</Trans>
        </Alert>
      );
    }
    case 'failed': {
      const message = failureText(outcome.failure, i18n);
      return (
        <Alert tone="error">
          <Trans>Prenotazione non registrata: {message}</Trans>
        </Alert>
      );
    }
  }
}
