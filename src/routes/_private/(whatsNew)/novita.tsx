import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { whatsNewQuery } from '../../../api/queries/whatsNew';
import type { Student } from '../../../domain/records';
import { childKey, filterNews, groupByDay, isSeen, NEWS_KINDS, unseenCount, type NewsKind } from '../../../domain/whatsNew';
import { todayInRome } from '../../../i18n/today';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FilterSheet } from '../../../ui/FilterSheet';
import { SelectField } from '../../../ui/SelectField';
import { DateText } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/States';
import { usePhone } from '../../../ui/usePhone';
import { useDrawnCount } from '../../../ui/useDrawnCount';
import { RouteError } from '../../-app/RouteError';
import { requireSection } from '../../-shared/guards';
import { useSessionActor, useStudent } from '../../-shared/session';
import { useSeenNews } from '../../-shared/whatsNewSeen';
import { validateWhatsNewSearch } from '../../-shared/whatsNewSearch';
import { NewsEntry, KIND_LABELS } from './-components/NewsEntry';
import page from '../../-shared/Page.module.css';
import filters from '../../-shared/Filters.module.css';
import styles from './-components/WhatsNew.module.css';

export const Route = createFileRoute('/_private/(whatsNew)/novita')({
  validateSearch: validateWhatsNewSearch,
  beforeLoad: ({ context }) => requireSection('/novita', context),
  loader: ({ context: { queryClient, session } }) => queryClient.ensureQueryData(whatsNewQuery(session.getSnapshot().context.students, todayInRome())),
  component: WhatsNewPage,
  errorComponent: RouteError,
});

/** Items drawn with the page (a phone's screenful and more); the others follow (useDrawnCount). */
const FIRST_ITEMS = 8;

const fullName = (s: Student) => [s.nome, s.cognome].filter(Boolean).join(' ');

/**
 * Novità (docs/product.md, "Novità"): every child's new items, newest first, by day; filters by child
 * and kind in the address; each item opens its screen for its child; seen marks on this device.
 */
function WhatsNewPage() {
  const { t, i18n } = useLingui();
  const { user } = useStudent();
  const students = useSelector(useSessionActor(), (s) => s.context.students);
  const { data, refetch, isRefetching } = useSuspenseQuery(whatsNewQuery(students, todayInRome()));
  const { seen, markSeen, markAllSeen } = useSeenNews(user);
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const phone = usePhone();

  const several = students.length > 1;
  const childFilter = several && search.figlio && students.some((s) => childKey(s) === search.figlio) ? search.figlio : null;
  const kindFilter = search.tipo ?? null;
  const shownItems = filterNews(data.items, { child: childFilter, kind: kindFilter });
  const shown = shownItems.length;
  // The first screenful with the page, the rest in a second pass React can interrupt.
  const drawn = useDrawnCount(shown, FIRST_ITEMS);
  const days = groupByDay(shownItems.slice(0, drawn));
  const unseen = unseenCount(data.items, seen);
  const nameOf = (item: { id_scuola: string; studentId: number }) => {
    const s = students.find((st) => st.id === item.studentId && st.id_scuola === item.id_scuola);
    return s ? fullName(s) : '';
  };
  const incomplete = data.incomplete.map((k) => students.find((s) => childKey(s) === k)).filter((s): s is Student => !!s).map(fullName);

  const names = incomplete.join(', ');

  const setSearch = (next: { figlio?: string | undefined; tipo?: NewsKind | undefined }) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });

  const childLabel = childFilter ? students.find((s) => childKey(s) === childFilter) : null;
  const summary = [several ? (childLabel ? fullName(childLabel) : t`Tutti i figli`) : null, kindFilter ? i18n._(KIND_LABELS[kindFilter]) : t`Tutti i tipi`]
    .filter(Boolean)
    .join(' · ');
  const count = (
    <p className={filters.count} aria-live="polite">
      {shown === 1 ? <Trans>1 elemento</Trans> : <Trans>{shown} elementi</Trans>}
    </p>
  );

  return (
    <div className={page.page}>
      <div className={styles.head}>
        <h1>
          <Trans>Novità</Trans>
        </h1>
        <p className={styles.unseen} aria-live="polite">
          {unseen === 0 ? <Trans>Hai visto tutto</Trans> : unseen === 1 ? <Trans>1 da vedere</Trans> : <Trans>{unseen} da vedere</Trans>}
        </p>
        <Button size="small" variant="secondary" disabled={unseen === 0} onClick={() => markAllSeen(data.items)}>
          <Trans>Segna tutto come visto</Trans>
        </Button>
      </div>
      {incomplete.length > 0 && (
        <Alert tone="warning">
          <Trans>Non è stato possibile leggere tutte le sezioni di {names}: l'elenco potrebbe non essere completo.</Trans>{' '}
          <Button size="small" variant="secondary" disabled={isRefetching} onClick={() => void refetch()}>
            <Trans>Riprova</Trans>
          </Button>
        </Alert>
      )}
      {data.items.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna novità: non c'è niente di nuovo da vedere.</Trans>
        </EmptyState>
      ) : (
        <>
          <FilterSheet summary={summary} title={t`Filtra le novità`} aside={phone ? count : undefined}>
            <div className={filters.filters}>
              {several && (
                <SelectField
                  className={filters.field}
                  label={t`Figlio`}
                  emptyOption={t`Tutti i figli`}
                  options={students.map((s) => ({ value: childKey(s), label: fullName(s) }))}
                  value={childFilter ?? ''}
                  onChange={(v) => setSearch({ figlio: v || undefined })}
                />
              )}
              <SelectField
                className={filters.field}
                label={t`Tipo`}
                emptyOption={t`Tutti i tipi`}
                options={NEWS_KINDS.map((k) => ({ value: k, label: i18n._(KIND_LABELS[k]) }))}
                value={kindFilter ?? ''}
                onChange={(v) => setSearch({ tipo: (v || undefined) as NewsKind | undefined })}
              />
              {!phone && count}
            </div>
          </FilterSheet>
          {days.length === 0 ? (
            <EmptyState>
              <Trans>Nessuna novità per i filtri scelti.</Trans>
            </EmptyState>
          ) : (
            days.map((d) => (
              <section key={d.day} aria-labelledby={`giorno-${d.day}`} className={styles.day}>
                <h2 id={`giorno-${d.day}`} className={styles.dayTitle}>
                  <DateText value={d.day} />
                </h2>
                <ul className={styles.list}>
                  {d.items.map((item) => (
                    <NewsEntry
                      key={item.key}
                      item={item}
                      child={several ? nameOf(item) : null}
                      seen={isSeen(seen, item.key)}
                      onSeen={() => markSeen([item.key])}
                    />
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </div>
  );
}
