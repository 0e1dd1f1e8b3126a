import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { absencesQuery, entryExitBookingsQuery, justificationReasonsQuery, justifyAbsencesMutation } from '../../../api/queries/absences';
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
import { justificationMachine } from '../../../machines/justification.machine';
import { mutationActor } from '../../../machines/mutationActor';
import { DateFilterSheet } from '../../-shared/DateFilterSheet';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { useTabDraft } from '../../-shared/useTabDraft';
import { isRecord, privateKey } from '../../../domain/tabStorage';
import { AbsenceTable } from './-components/AbsenceTable';
import { AbsenceTotalsSummary } from './-components/AbsenceTotalsSummary';
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
      // docs/product.md#absences: bookings exist only where the school has entries or exits on (else the call answers 403).
      bookableKinds(studentInfo).length > 0 ? queryClient.ensureQueryData(entryExitBookingsQuery(scope)) : null,
    ]),
  component: AbsencesPage,
  errorComponent: RouteError,
});

/** What the parent chose and typed, kept in the tab until it is sent (README "Reliability"). */
interface TypedJustification {
  ids: number[];
  reasons: JustificationDraft['reasons'];
  text: string;
}
const NOTHING_TYPED: TypedJustification = { ids: [], reasons: {}, text: '' };
const nothingTyped = (d: TypedJustification) => d.ids.length === 0 && Object.keys(d.reasons).length === 0 && d.text === '';
function readTyped(raw: unknown): TypedJustification | null {
  if (!isRecord(raw) || !Array.isArray(raw.ids) || !isRecord(raw.reasons) || typeof raw.text !== 'string') return null;
  const ids = raw.ids.filter((id): id is number => typeof id === 'number');
  const reasons = Object.fromEntries(Object.entries(raw.reasons).filter(([, v]) => typeof v === 'string')) as TypedJustification['reasons'];
  return { ids, reasons, text: raw.text };
}

function AbsencesPage() {
  const queryClient = useQueryClient();
  const { scope, studentInfo } = useStudent();
  const { data: absences } = useSuspenseQuery(absencesQuery(scope));
  const { data: reasons } = useSuspenseQuery(justificationReasonsQuery(scope));
  const [range, setRange] = useState<DateFilterValue | null>(null);

  const [state, send, actor] = useMachine(
    justificationMachine.provide({
      actors: { justifyAbsences: mutationActor(queryClient, justifyAbsencesMutation(scope)) },
    }),
  );
  // What is chosen and typed survives a failed send and a reload; it goes once the server justified all.
  const [typed, setTyped, clearTyped] = useTabDraft(
    privateKey('giustificazione', scope.id_studente, scope.anno),
    NOTHING_TYPED,
    readTyped,
    nothingTyped,
  );
  const chosenIds = useMemo(() => new Set(typed.ids), [typed.ids]);
  const draft = { reasons: typed.reasons, text: typed.text };
  useEffect(() => {
    const sub = actor.on('justification.sent', clearTyped);
    return () => sub.unsubscribe();
  }, [actor, clearTyped]);

  const sorted = sortNewestFirst(absences);
  const shown = absencesInRange(sorted, range ? { from: range.from, to: range.to } : null);
  const justifiable = sorted.filter(isJustifiable);
  // What the server justified is no longer justifiable: it leaves the choice by itself.
  const chosen = justifiable.filter((a) => chosenIds.has(a.id));
  const fullDraft: JustificationDraft = { reasons: draft.reasons, text: draft.text, items: chosen.map((a) => ({ id: a.id, list: reasonListOf(a) })) };
  const submitting = state.matches('submitting');
  const offersJustification = justifiable.length > 0 || state.context.outcome !== null;

  const toggle = (id: number, _list: ReasonList, on: boolean) =>
    setTyped((d) => ({ ...d, ids: on ? [...d.ids.filter((x) => x !== id), id] : d.ids.filter((x) => x !== id) }));

  const kinds = bookableKinds(studentInfo);
  return (
    <div className={page.page}>
      <h1>
        <Trans>Assenze</Trans>
      </h1>
      <DateFilterSheet value={range} onChange={setRange} />
      <section className={`${page.card} ${styles.section}`} aria-labelledby="assenze-riepilogo">
        <h2 id="assenze-riepilogo" className={styles.sectionTitle}>
          <Trans>Riepilogo</Trans>
        </h2>
        <AbsenceTotalsSummary totals={absenceTotals(shown)} />
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
            onReason={(list, codice) => setTyped((d) => ({ ...d, reasons: { ...d.reasons, [list]: codice } }))}
            onText={(text) => setTyped((d) => ({ ...d, text }))}
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
