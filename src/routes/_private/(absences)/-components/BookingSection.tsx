import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import {
  cancelEntryExitBooking,
  createEntryExitBooking,
  entryExitBookingsQuery,
  type AbsenceBooking,
} from '../../../../api/queries/absences';
import {
  EMPTY_BOOKING,
  firstBookableDate,
  isCancellable,
  sortBookings,
  validateBooking,
  type BookingField,
  type BookingFields,
  type BookingKind,
} from '../../../../domain/absences';
import { SCHOOL_TIME_ZONE } from '../../../../domain/periods';
import { entryExitBookingMachine, type BookingOutcome } from '../../../../machines/entryExitBooking.machine';
import { formatDate, formatTime } from '../../../../i18n/format';
import { todayInRome } from '../../../../i18n/today';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { EmptyState } from '../../../../ui/States';
import field from '../../../../ui/Field.module.css';
import { useStudent } from '../../../-shared/session';
import { BOOKING_KIND_LABEL, failureText } from './labels';
import styles from './Absences.module.css';

/** Entry/exit bookings (spec §4, §5, §6): shown only when the school has at least one kind on. */
export function BookingSection({ kinds }: { kinds: BookingKind[] }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const { scope, studentInfo } = useStudent();
  const { data } = useSuspenseQuery(entryExitBookingsQuery(scope));
  // No cut-off from the school: same-day bookings stay open until the day ends.
  const cutoff = studentInfo.orario_limite_prenotazioni ?? '23:59';
  const [minDate] = useState(() => firstBookableDate(Temporal.Now.plainDateTimeISO(SCHOOL_TIME_ZONE), cutoff).toString());
  const options = { entrata: data.opzioni.entrata.map((o) => o.orario), uscita: data.opzioni.uscita.map((o) => o.orario) };
  const [state, send, actor] = useMachine(
    entryExitBookingMachine.provide({
      actors: {
        createBooking: fromPromise(({ input }) => createEntryExitBooking(queryClient, scope, input)),
        cancelBooking: fromPromise(({ input }) => cancelEntryExitBooking(queryClient, scope, input.id)),
      },
    }),
    { input: { minDate, options } },
  );
  const [fields, setFields] = useState<BookingFields>(EMPTY_BOOKING);
  useEffect(() => {
    const sub = actor.on('booking.created', () => setFields(EMPTY_BOOKING));
    return () => sub.unsubscribe();
  }, [actor]);

  const creating = state.matches('creating');
  const cancelling = state.matches('cancelling');
  const { outcome, toCancel } = state.context;
  const errors = outcome?.kind === 'invalid' ? outcome.errors : {};
  const current = validateBooking(fields, { minDate, options });
  // A message stays until its field is put right, not until the next submission.
  const problem = (f: BookingField) => (errors[f] && current[f] === errors[f] ? errors[f] : undefined);
  const set = <K extends BookingField>(key: K, value: BookingFields[K]) =>
    setFields((f) => {
      const next = { ...f, [key]: value };
      // A time of the other kind is no choice at all.
      if (key === 'tipo' && next.tipo !== '' && !options[next.tipo].includes(next.orario)) next.orario = '';
      return next;
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    send({ type: 'booking.submitted', fields });
  }

  const minLabel = formatDate(minDate);
  const today = todayInRome();
  const bookings = sortBookings(data.prenotazioni);
  const timeOptions = fields.tipo === '' ? [] : data.opzioni[fields.tipo];
  const describedBy = (f: BookingField, hint?: string) => [hint, problem(f) ? `${id}-${f}-errore` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <section className={styles.section} aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className={styles.sectionTitle}>
        <Trans>Prenotazioni di entrate e uscite</Trans>
      </h2>
      <BookingOutcomeMessage outcome={outcome} of="cancel" />
      {bookings.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna prenotazione di entrata o uscita.</Trans>
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t`Prenotazioni`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Data`}</th>
                <th scope="col">{t`Orario`}</th>
                <th scope="col">{t`Tipo`}</th>
                <th scope="col">{t`Motivazione`}</th>
                <th scope="col">{t`Stato`}</th>
                <th scope="col">
                  <span className="visually-hidden">{t`Azioni`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <BookingRow
                  key={b.id}
                  booking={b}
                  cancellable={isCancellable(b, today)}
                  busy={!state.matches('editing')}
                  onCancel={() => send({ type: 'booking.cancelRequested', booking: b })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <form className={styles.form} onSubmit={submit} noValidate aria-busy={creating} aria-labelledby={`${id}-nuova`}>
        <h3 id={`${id}-nuova`} className={styles.sectionTitle}>
          <Trans>Nuova prenotazione</Trans>
        </h3>
        <BookingOutcomeMessage outcome={outcome} of="create" />
        <p id={`${id}-limite`} className={styles.hint}>
          <Trans>
            Per il giorno stesso si prenota entro le {cutoff}: ora la prima data prenotabile è il {minLabel}.
          </Trans>
        </p>
        <div className={styles.fieldRow}>
          <div className={field.field}>
            <label htmlFor={`${id}-data`} className={field.label}>
              <Trans>Data</Trans>
            </label>
            <input
              id={`${id}-data`}
              type="date"
              className={field.input}
              min={minDate}
              value={fields.data}
              onChange={(e) => set('data', e.target.value)}
              aria-invalid={problem('data') ? true : undefined}
              aria-describedby={describedBy('data', `${id}-limite`)}
            />
            {problem('data') && (
              <p id={`${id}-data-errore`} className={field.error}>
                {problem('data') === 'required' ? (
                  <Trans>La data è obbligatoria</Trans>
                ) : (
                  <Trans>
                    Le prenotazioni per il giorno stesso si chiudono alle {cutoff}: scegli una data dal {minLabel}
                  </Trans>
                )}
              </p>
            )}
          </div>
          <div className={field.field}>
            <label htmlFor={`${id}-tipo`} className={field.label}>
              <Trans>Tipo</Trans>
            </label>
            <select
              id={`${id}-tipo`}
              className={styles.select}
              value={fields.tipo}
              onChange={(e) => set('tipo', e.target.value as BookingFields['tipo'])}
              aria-invalid={problem('tipo') ? true : undefined}
              aria-describedby={describedBy('tipo')}
            >
              <option value="">{t`Scegli il tipo`}</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {i18n._(BOOKING_KIND_LABEL[k])}
                </option>
              ))}
            </select>
            {problem('tipo') && (
              <p id={`${id}-tipo-errore`} className={field.error}>
                <Trans>Il tipo è obbligatorio</Trans>
              </p>
            )}
          </div>
          <div className={field.field}>
            <label htmlFor={`${id}-orario`} className={field.label}>
              <Trans>Orario</Trans>
            </label>
            <select
              id={`${id}-orario`}
              className={styles.select}
              value={fields.orario}
              onChange={(e) => set('orario', e.target.value)}
              aria-invalid={problem('orario') ? true : undefined}
              aria-describedby={describedBy('orario')}
            >
              <option value="">{fields.tipo === '' ? t`Scegli prima il tipo` : t`Scegli l'orario`}</option>
              {timeOptions.map((o) => (
                <option key={o.orario} value={o.orario}>
                  {`${formatTime(o.orario)} – ${o.descrizione}`}
                </option>
              ))}
            </select>
            {problem('orario') && (
              <p id={`${id}-orario-errore`} className={field.error}>
                {problem('orario') === 'required' ? <Trans>L'orario è obbligatorio</Trans> : <Trans>Scegli uno degli orari previsti dalla scuola</Trans>}
              </p>
            )}
          </div>
        </div>
        <div className={field.field}>
          <label htmlFor={`${id}-motivazione`} className={field.label}>
            <Trans>Motivazione</Trans>
          </label>
          <textarea
            id={`${id}-motivazione`}
            className={styles.textarea}
            value={fields.motivazione}
            maxLength={500}
            onChange={(e) => set('motivazione', e.target.value)}
            aria-invalid={problem('motivazione') ? true : undefined}
            aria-describedby={describedBy('motivazione')}
          />
          {problem('motivazione') && (
            <p id={`${id}-motivazione-errore`} className={field.error}>
              <Trans>La motivazione è obbligatoria</Trans>
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={!state.matches('editing') || undefined}>
            {creating ? <Trans>Prenotazione in corso…</Trans> : <Trans>Prenota</Trans>}
          </Button>
        </div>
      </form>

      <Dialog
        open={toCancel !== null && (state.matches('confirmingCancel') || cancelling)}
        onClose={() => send({ type: 'booking.cancelDismissed' })}
        role="alertdialog"
        dismissible={!cancelling}
        title={toCancel ? t`Annullare la prenotazione del ${formatDate(toCancel.data)}?` : ''}
        description={
          toCancel ? (
            <Trans>
              {i18n._(BOOKING_KIND_LABEL[toCancel.tipo])} alle {formatTime(toCancel.orario)}
            </Trans>
          ) : null
        }
        actions={
          <>
            <Button variant="secondary" aria-disabled={cancelling || undefined} onClick={() => send({ type: 'booking.cancelDismissed' })}>
              <Trans>Annulla</Trans>
            </Button>
            <Button aria-disabled={cancelling || undefined} onClick={() => send({ type: 'booking.cancelConfirmed' })}>
              {cancelling ? <Trans>Annullamento in corso…</Trans> : <Trans>Conferma</Trans>}
            </Button>
          </>
        }
      />
    </section>
  );
}

function BookingRow({ booking, cancellable, busy, onCancel }: { booking: AbsenceBooking; cancellable: boolean; busy: boolean; onCancel: () => void }) {
  const { i18n } = useLingui();
  const date = formatDate(booking.data);
  return (
    <tr data-booking-id={booking.id}>
      <td>{date}</td>
      <td>{formatTime(booking.orario)}</td>
      <td>{i18n._(BOOKING_KIND_LABEL[booking.tipo])}</td>
      <td>{booking.motivazione}</td>
      <td>{booking.stato === 'attiva' ? <Trans>Attiva</Trans> : <Trans>Annullata</Trans>}</td>
      <td>
        {cancellable && (
          <Button size="small" variant="secondary" aria-disabled={busy || undefined} onClick={busy ? undefined : onCancel}>
            <Trans>Annulla</Trans>
            <span className="visually-hidden">
              {' '}
              <Trans>la prenotazione del {date}</Trans>
            </span>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The outcome of the last creation (shown by the form) or cancellation (shown by the list). */
function BookingOutcomeMessage({ outcome, of }: { outcome: BookingOutcome | null; of: 'create' | 'cancel' }) {
  const { i18n } = useLingui();
  if (!outcome || outcome.kind === 'invalid') return null;
  const isCreate = outcome.kind === 'created' || outcome.kind === 'createFailed';
  if (isCreate !== (of === 'create')) return null;
  switch (outcome.kind) {
    case 'created': {
      const date = formatDate(outcome.booking.data);
      const time = formatTime(outcome.booking.orario);
      return (
        <Alert tone="success">
          <Trans>
            Prenotazione registrata per il {date} alle {time}.
          </Trans>
        </Alert>
      );
    }
    case 'createFailed': {
      const why = failureText(outcome.failure, i18n);
      return (
        <Alert tone="error">
          <Trans>Prenotazione non registrata: {why}</Trans>
        </Alert>
      );
    }
    case 'cancelled': {
      const date = formatDate(outcome.booking.data);
      return (
        <Alert tone="success">
          <Trans>La prenotazione del {date} è stata annullata.</Trans>
        </Alert>
      );
    }
    case 'cancelFailed': {
      const date = formatDate(outcome.booking.data);
      const why = failureText(outcome.failure, i18n);
      return (
        <Alert tone="error">
          <Trans>
            Prenotazione del {date} non annullata: {why}
          </Trans>
        </Alert>
      );
    }
  }
}
