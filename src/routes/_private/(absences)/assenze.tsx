import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { absencesQuery, entryExitBookingsQuery, justificationReasonsQuery, justifyAbsences } from '../../../api/queries/absences';
import {
  absencesInRange,
  absenceTotals,
  bookableKinds,
  isJustifiable,
  reasonListOf,
  sortNewestFirst,
  type JustificationDraft,
  type ReasonList,
} from '../../../domain/absences';
import type { DateFilterValue } from '../../../domain/dateFilter';
import { schoolYearStartYear } from '../../../domain/schoolYear';
import { justificationMachine } from '../../../machines/justification.machine';
import { todayInRome } from '../../../i18n/today';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { AbsenceTable } from './-components/AbsenceTable';
import { AbsenceTotals } from './-components/AbsenceTotals';
import { BookingSection } from './-components/BookingSection';
import { JustificationForm } from './-components/JustificationForm';
import page from '../../-shared/Page.module.css';
import styles from './-components/Absences.module.css';

export const Route = createFileRoute('/_private/(absences)/assenze')({
  beforeLoad: ({ context }) => requireSection('/assenze', context),
  loader: ({ context: { queryClient, scope, studentInfo } }) =>
    Promise.all([
      queryClient.ensureQueryData(absencesQuery(scope)),
      queryClient.ensureQueryData(justificationReasonsQuery(scope)),
      // Spec §6: bookings exist only where the school has entries or exits on (else the call answers 403).
      bookableKinds(studentInfo).length > 0 ? queryClient.ensureQueryData(entryExitBookingsQuery(scope)) : null,
    ]),
  component: AbsencesPage,
  errorComponent: RouteError,
});

const NO_TEXT: Pick<JustificationDraft, 'reasons' | 'text'> = { reasons: {}, text: '' };

function AbsencesPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { scope, studentInfo } = useStudent();
  const { data: absences } = useSuspenseQuery(absencesQuery(scope));
  const { data: reasons } = useSuspenseQuery(justificationReasonsQuery(scope));
  const [range, setRange] = useState<DateFilterValue | null>(null);

  const [state, send, actor] = useMachine(
    justificationMachine.provide({
      actors: { justifyAbsences: fromPromise(({ input }) => justifyAbsences(queryClient, scope, input.requests)) },
    }),
  );
  const [chosenIds, setChosenIds] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState<Pick<JustificationDraft, 'reasons' | 'text'>>(NO_TEXT);
  useEffect(() => {
    const sub = actor.on('justification.sent', () => {
      setChosenIds(new Set());
      setDraft(NO_TEXT);
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const sorted = sortNewestFirst(absences);
  const shown = absencesInRange(sorted, range ? { from: range.from, to: range.to } : null);
  const justifiable = sorted.filter(isJustifiable);
  // What the server justified is no longer justifiable: it leaves the choice by itself.
  const chosen = justifiable.filter((a) => chosenIds.has(a.id));
  const fullDraft: JustificationDraft = { reasons: draft.reasons, text: draft.text, items: chosen.map((a) => ({ id: a.id, list: reasonListOf(a) })) };
  const submitting = state.matches('submitting');
  const offersJustification = justifiable.length > 0 || state.context.outcome !== null;

  const toggle = (id: number, _list: ReasonList, on: boolean) =>
    setChosenIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const kinds = bookableKinds(studentInfo);
  return (
    <div className={page.page}>
      <h1>
        <Trans>Assenze</Trans>
      </h1>
      <DateRangeFilter
        value={range}
        onChange={setRange}
        periods={studentInfo.periodi_scolastici}
        schoolYearStart={schoolYearStartYear(scope.anno, todayInRome())}
        legend={t`Periodo da visualizzare`}
      />
      <section className={`${page.card} ${styles.section}`} aria-labelledby="assenze-riepilogo">
        <h2 id="assenze-riepilogo" className={styles.sectionTitle}>
          <Trans>Riepilogo</Trans>
        </h2>
        <AbsenceTotals totals={absenceTotals(shown)} />
      </section>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="assenze-elenco">
        <h2 id="assenze-elenco" className={styles.sectionTitle}>
          <Trans>Assenze, ritardi e uscite</Trans>
        </h2>
        <AbsenceTable
          absences={shown}
          reasons={reasons}
          selected={justifiable.length > 0 ? new Set(chosen.map((a) => a.id)) : null}
          onToggle={toggle}
          locked={submitting}
        />
      </section>
      <section className={`${page.card} ${styles.section}`}>
        {offersJustification ? (
          <JustificationForm
            draft={fullDraft}
            chosen={chosen}
            reasons={reasons}
            onReason={(list, codice) => setDraft((d) => ({ ...d, reasons: { ...d.reasons, [list]: codice } }))}
            onText={(text) => setDraft((d) => ({ ...d, text }))}
            onSubmit={() => send({ type: 'justification.submitted', draft: fullDraft })}
            submitting={submitting}
            outcome={state.context.outcome}
            absences={absences}
          />
        ) : (
          <p className={styles.muted}>
            <Trans>Non ci sono assenze da giustificare.</Trans>
          </p>
        )}
      </section>
      {kinds.length > 0 && (
        <div className={page.card}>
          <BookingSection kinds={kinds} />
        </div>
      )}
    </div>
  );
}
