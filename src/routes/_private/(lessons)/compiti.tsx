import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Temporal } from '../../../domain/temporal';
import { homeworkQuery } from '../../../api/queries/lessons';
import type { HomeworkItem, Subject } from '../../../domain/records';
import { subjectsQuery } from '../../../api/queries/student';
import { filterBySubjectAndRange } from '../../../domain/agenda';
import { groupHomeworkByDay, upcomingHomework } from '../../../domain/homework';
import { formatDate } from '../../../i18n/format';
import { todayInRome } from '../../../i18n/today';
import { CheckboxField } from '../../../ui/ChoiceField';
import { EmptyState } from '../../../ui/States';
import { OneLine, RowList, type RowParts } from '../../../ui/RowList';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { LessonFilters } from './-components/Filters';
import { dayTitle } from './-components/labels';
import { cleanSearch } from './-components/search';
import { rangeOf, validateRangeSearch, type RangeSearch } from '../../-shared/rangeSearch';
import page from '../../-shared/Page.module.css';
import styles from './-components/Lessons.module.css';

interface HomeworkSearch extends RangeSearch {
  /** "Mostra tutti": past homework too (docs/product.md#lessons-and-agenda). */
  tutti?: boolean;
}

export const Route = createFileRoute('/_private/(lessons)/compiti')({
  validateSearch: (search: Record<string, unknown>): HomeworkSearch => ({
    ...validateRangeSearch(search),
    ...(search.tutti === true || search.tutti === 'true' ? { tutti: true } : {}),
  }),
  beforeLoad: ({ context }) => requireSection('/compiti', context),
  loaderDeps: ({ search }) => rangeOf(search),
  loader: ({ context: { queryClient, scope }, deps }) =>
    Promise.all([queryClient.ensureQueryData(homeworkQuery(scope, deps)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: HomeworkPage,
  errorComponent: RouteError,
});

function HomeworkPage() {
  const { t, i18n } = useLingui();
  const { scope } = useStudent();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: homework } = useSuspenseQuery(homeworkQuery(scope, rangeOf(search)));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const today = todayInRome();
  // The box and the list follow the click at once; the address (which keeps the choice across a
  // reload) catches up when the navigation has run, and from then on it decides again.
  const inAddress = search.tutti === true;
  const [clicked, setClicked] = useState<boolean | null>(null);
  if (clicked !== null && clicked === inAddress) setClicked(null);
  const showAll = clicked ?? inAddress;

  const update = (patch: Partial<HomeworkSearch>) =>
    void navigate({ search: (prev) => cleanSearch({ ...prev, ...patch }), replace: true });

  const chosen = filterBySubjectAndRange(homework, { subjectId: search.materia });
  const listed = showAll ? chosen : upcomingHomework(chosen, today);
  const days = groupHomeworkByDay(listed, subjects, showAll ? 'latest' : 'soonest');

  return (
    <div className={page.page}>
      <h1>
        <Trans>Compiti</Trans>
      </h1>
      <LessonFilters search={search} onChange={update} subjects={subjects}>
        <CheckboxField
          className={styles.toggle}
          label={t`Mostra tutti`}
          checked={showAll}
          onChange={(tutti) => {
            setClicked(tutti);
            update({ tutti });
          }}
        />
      </LessonFilters>
      <p className={styles.summary} role="status">
        {showAll ? (
          <Trans>Sono mostrati tutti i compiti, anche quelli già consegnati.</Trans>
        ) : (
          <Trans>Sono mostrati solo i compiti da consegnare da oggi in poi.</Trans>
        )}
      </p>
      {days.length === 0 ? (
        <EmptyState>
          {showAll ? (
            <Trans>Nessun compito per i filtri scelti.</Trans>
          ) : (
            <Trans>Nessun compito da consegnare. Scegli «Mostra tutti» per vedere anche quelli passati.</Trans>
          )}
        </EmptyState>
      ) : (
        days.map((day) => {
          const date = Temporal.PlainDate.from(day.date);
          const headingId = `consegna-${day.date}`;
          const relative = date.equals(today) ? t`Oggi` : date.equals(today.add({ days: 1 })) ? t`Domani` : null;
          return (
            <section key={day.date} className={`${page.card} ${styles.day}`} aria-labelledby={headingId}>
              <h2 id={headingId} className={styles.dayTitle}>
                <span>
                  <Trans>Consegna: {dayTitle(i18n, date)}</Trans>
                </span>
                {relative && <span className={styles.badge}>{relative}</span>}
              </h2>
              <RowList
                items={day.subjects.flatMap((group) => group.items.map((item) => ({ item, group })))}
                itemKey={({ item }) => item.id}
                labelledBy={headingId}
                row={({ item: h, group }) => homeworkRow(h, group.subject?.descrizione ?? h.materia ?? t`Altra materia`, group.subject)}
              >
                {day.subjects.map((group) => (
                  <div key={group.id_materia}>
                    <h3 className={styles.subjectTitle}>
                      <SubjectLabel name={group.subject?.descrizione ?? group.items[0]?.materia ?? t`Altra materia`} subject={group.subject ?? undefined} />
                    </h3>
                    <ul className={styles.list}>
                      {group.items.map((h) => {
                        const assigned = formatDate(h.data);
                        return (
                          <li key={h.id} className={styles.item}>
                            <p>{h.dettaglio}</p>
                            <p className={styles.meta}>
                              <Trans>Assegnato il {assigned}</Trans>
                              {h.novita && (
                                <>
                                  {' '}
                                  <span className={styles.badge}>
                                    <Trans>Nuovo</Trans>
                                  </span>
                                </>
                              )}
                            </p>
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                ))}
              </RowList>
            </section>
          );
        })
      )}
    </div>
  );
}

/**
 * A homework's compact row on a phone: the subject, the text cut to one line, «Nuovo» at the end;
 * the whole text and the day it was set open in place.
 */
function homeworkRow(h: HomeworkItem, subjectName: string, subject: Subject | null): RowParts {
  const assigned = formatDate(h.data);
  return {
    title: <SubjectLabel name={subjectName} subject={subject ?? undefined} />,
    meta: <OneLine>{h.dettaglio}</OneLine>,
    end: h.novita ? (
      <span className={styles.badge}>
        <Trans>Nuovo</Trans>
      </span>
    ) : null,
    details: (
      <>
        <p className={styles.text}>{h.dettaglio}</p>
        <p className={`${styles.text} ${styles.meta}`}>
          <Trans>Assegnato il {assigned}</Trans>
        </p>
      </>
    ),
  };
}
