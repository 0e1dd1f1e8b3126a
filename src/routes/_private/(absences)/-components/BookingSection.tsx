import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Temporal } from '../../../../domain/temporal';
import {
  cancelEntryExitBookingMutation,
  createEntryExitBookingMutation,
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
import { SCHOOL_TIME_ZONE } from '../../../../domain/timeZone';
import { entryExitBookingMachine, type BookingOutcome } from '../../../../machines/entryExitBooking.machine';
import { mutationActor } from '../../../../machines/mutationActor';
import { formatDate, formatTime } from '../../../../i18n/format';
import { todayInRome } from '../../../../i18n/today';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { DateText, TimeText } from '../../../../ui/DateTime';
import { SelectField } from '../../../../ui/SelectField';
import { EmptyState } from '../../../../ui/States';
import { Table, type Column } from '../../../../ui/Table';
import { DateField, TextArea } from '../../../../ui/TextField';
import { useStudent } from '../../../-shared/session';
import { useTabDraft } from '../../../-shared/useTabDraft';
import { isRecord, privateKey } from '../../../../domain/tabStorage';
import { BOOKING_KIND_LABEL } from './labels';
import styles from './Absences.module.css';
import { failureText } from '../../../-shared/failureText';

const nothingTyped = (f: BookingFields) => f.data === '' && f.tipo === '' && f.orario === '' && f.motivazione === '';
function readTyped(raw: unknown): BookingFields | null {
  if (!isRecord(raw)) return null;
  const { data, tipo, orario, motivazione } = raw;
  if (typeof data !== 'string' || typeof orario !== 'string' || typeof motivazione !== 'string') return null;
  if (tipo !== '' && tipo !== 'entrata' && tipo !== 'uscita') return null;
  return { data, tipo, orario, motivazione };
}

/** Entry/exit bookings (docs/product.md#absences): shown only when the school has at least one kind on. */
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
        createBooking: mutationActor(queryClient, createEntryExitBookingMutation(scope)),
        cancelBooking: mutationActor(queryClient, cancelEntryExitBookingMutation(scope)),
      },
    }),
    { input: { minDate, options } },
  );
  // What is typed survives a failed booking and a reload (README "Reliability"); it goes once booked.
  const [fields, setFields, clearFields] = useTabDraft(
    privateKey('prenotazione-entrata-uscita', scope.id_studente, scope.anno),
    EMPTY_BOOKING,
    readTyped,
    nothingTyped,
  );
  useEffect(() => {
    const sub = actor.on('booking.created', clearFields);
    return () => sub.unsubscribe();
  }, [actor, clearFields]);

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
  const busy = !state.matches('editing');
  const bookingColumns: Column<AbsenceBooking>[] = [
    { key: 'data', header: t`Data`, cell: (b) => <DateText value={b.data} /> },
    { key: 'orario', header: t`Orario`, cell: (b) => <TimeText value={b.orario} /> },
    { key: 'tipo', header: t`Tipo`, cell: (b) => i18n._(BOOKING_KIND_LABEL[b.tipo]) },
    { key: 'motivazione', header: t`Motivazione`, cell: (b) => b.motivazione },
    { key: 'stato', header: t`Stato`, cell: (b) => (b.stato === 'attiva' ? <Trans>Attiva</Trans> : <Trans>Annullata</Trans>) },
    {
      key: 'azioni',
      header: <span className="visually-hidden">{t`Azioni`}</span>,
      stackedLabel: false,
      cell: (b) => {
        if (!isCancellable(b, today)) return null;
        const date = formatDate(b.data);
        return (
          <Button
            size="small"
            variant="secondary"
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : () => send({ type: 'booking.cancelRequested', booking: b })}
          >
            <Trans>Annulla</Trans>
            <span className="visually-hidden">
              {' '}
              <Trans>la prenotazione del {date}</Trans>
            </span>
          </Button>
        );
      },
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className={styles.sectionTitle}>
        <Trans>Prenotazioni di entrate e uscite</Trans>
      </h2>
      <BookingOutcomeMessage outcome={outcome} of="cancel" />
      <Table
        columns={bookingColumns}
        rows={bookings}
        rowKey={(b) => b.id}
        rowAttributes={(b) => ({ 'data-booking-id': b.id })}
        caption={t`Prenotazioni`}
        captionHidden
        empty={
          <EmptyState>
            <Trans>Nessuna prenotazione di entrata o uscita.</Trans>
          </EmptyState>
        }
      />

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
          <DateField
            label={<Trans>Data</Trans>}
            min={minDate}
            value={fields.data}
            onChange={(e) => set('data', e.target.value)}
            describedBy={`${id}-limite`}
            error={
              problem('data') &&
              (problem('data') === 'required' ? (
                <Trans>La data è obbligatoria</Trans>
              ) : (
                <Trans>
                  Le prenotazioni per il giorno stesso si chiudono alle {cutoff}: scegli una data dal {minLabel}
                </Trans>
              ))
            }
          />
          <SelectField
            label={<Trans>Tipo</Trans>}
            value={fields.tipo}
            onChange={(value) => set('tipo', value as BookingFields['tipo'])}
            emptyOption={t`Scegli il tipo`}
            options={kinds.map((k) => ({ value: k, label: i18n._(BOOKING_KIND_LABEL[k]) }))}
            error={problem('tipo') && <Trans>Il tipo è obbligatorio</Trans>}
          />
          <SelectField
            label={<Trans>Orario</Trans>}
            value={fields.orario}
            onChange={(value) => set('orario', value)}
            emptyOption={fields.tipo === '' ? t`Scegli prima il tipo` : t`Scegli l'orario`}
            options={timeOptions.map((o) => ({ value: o.orario, label: `${formatTime(o.orario)} – ${o.descrizione}` }))}
            error={
              problem('orario') &&
              (problem('orario') === 'required' ? <Trans>L'orario è obbligatorio</Trans> : <Trans>Scegli uno degli orari previsti dalla scuola</Trans>)
            }
          />
        </div>
        <TextArea
          label={<Trans>Motivazione</Trans>}
          value={fields.motivazione}
          maxLength={500}
          onChange={(e) => set('motivazione', e.target.value)}
          error={problem('motivazione') && <Trans>La motivazione è obbligatoria</Trans>}
        />
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={!state.matches('editing') || undefined}>
            {creating ? <Trans>Prenotazione in corso…</Trans> : <Trans>Prenota</Trans>}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={toCancel !== null && (state.matches('confirmingCancel') || cancelling)}
        onClose={() => send({ type: 'booking.cancelDismissed' })}
        title={toCancel ? t`Annullare la prenotazione del ${formatDate(toCancel.data)}?` : ''}
        message={
          toCancel ? (
            <Trans>
              {i18n._(BOOKING_KIND_LABEL[toCancel.tipo])} alle {formatTime(toCancel.orario)}
            </Trans>
          ) : null
        }
        confirmLabel={t`Conferma`}
        busyLabel={t`Annullamento in corso…`}
        // The machine runs the cancellation and closes the dialog when it settles.
        onConfirm={() => send({ type: 'booking.cancelConfirmed' })}
        busy={cancelling}
      />
    </section>
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
