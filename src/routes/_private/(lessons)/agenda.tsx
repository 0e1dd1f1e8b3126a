import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { agendaCalendarFile, agendaQuery, schoolCalendarQuery, timetableQuery, type AgendaItem, type Lesson } from '../../../api/queries/lessons';
import { subjectsQuery, type Subject } from '../../../api/queries/student';
import { agendaWeek, parseIsoDate, shiftWeek, weekOf, weekRange, type AgendaDay } from '../../../domain/agenda';
import { exportRange, type ExportChoice } from '../../../domain/agendaExport';
import { icsFileName } from '../../../domain/ical';
import type { SchoolWeek } from '../../../domain/periods';
import { hasService } from '../../../domain/services';
import { formatDate } from '../../../i18n/format';
import { todayInRome } from '../../../i18n/today';
import { Button, buttonClass } from '../../../ui/Button';
import { TimeText } from '../../../ui/DateTime';
import { SelectField } from '../../../ui/SelectField';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { apiErrorMessage } from '../../-shared/messages';
import { isIsoDate } from '../../../domain/isoDate';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { saveBlob } from '../../-shared/download';
import { AGENDA_KINDS, dayTitle, HOLIDAY_KINDS, kindLabel } from './-components/labels';
import page from '../../-shared/Page.module.css';
import filters from '../../-shared/Filters.module.css';
import styles from './-components/Lessons.module.css';

interface AgendaSearch {
  /** Any day of the week shown (YYYY-MM-DD); the week of today when absent. */
  settimana?: string;
}

const shownWeek = (settimana: string | undefined) => weekOf(parseIsoDate(settimana) ?? todayInRome());

export const Route = createFileRoute('/_private/(lessons)/agenda')({
  // Any day of the week is kept as given; the screen and loader show the week that contains it.
  validateSearch: (search: Record<string, unknown>): AgendaSearch => (isIsoDate(search.settimana) ? { settimana: search.settimana } : {}),
  beforeLoad: ({ context }) => requireSection('/agenda', context),
  loaderDeps: ({ search }) => ({ settimana: search.settimana }),
  loader: ({ context: { queryClient, scope, studentInfo }, deps }) => {
    const range = weekRange(shownWeek(deps.settimana));
    return Promise.all([
      queryClient.ensureQueryData(agendaQuery(scope, range)),
      queryClient.ensureQueryData(schoolCalendarQuery(scope)),
      queryClient.ensureQueryData(subjectsQuery(scope)),
      hasService(studentInfo.servizi, 'orario') ? queryClient.ensureQueryData(timetableQuery(scope, range)) : null,
    ]);
  },
  component: AgendaPage,
  errorComponent: RouteError,
});

function AgendaPage() {
  const { studentInfo } = useStudent();
  const { settimana } = Route.useSearch();
  const week = shownWeek(settimana);
  return (
    <div className={page.page}>
      <h1>
        <Trans>Agenda</Trans>
      </h1>
      <WeekNavigation week={week} />
      {hasService(studentInfo.servizi, 'orario') ? <WeekWithTimetable week={week} /> : <WeekView week={week} lessons={null} />}
      <CalendarExport week={week} />
    </div>
  );
}

/** The timetable is asked for only when the student has the orario service. */
function WeekWithTimetable({ week }: { week: SchoolWeek }) {
  const { scope } = useStudent();
  const { data: lessons } = useSuspenseQuery(timetableQuery(scope, weekRange(week)));
  return <WeekView week={week} lessons={lessons} />;
}

function WeekView({ week, lessons }: { week: SchoolWeek; lessons: Lesson[] | null }) {
  const { scope } = useStudent();
  const range = weekRange(week);
  const { data: items } = useSuspenseQuery(agendaQuery(scope, range));
  const { data: calendar } = useSuspenseQuery(schoolCalendarQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  return (
    <WeekDays
      days={agendaWeek(week, { items, lessons: lessons ?? [], activities: calendar.attivita, holidays: calendar.festivita })}
      subjects={subjects}
      withTimetable={lessons !== null}
    />
  );
}

function WeekNavigation({ week }: { week: SchoolWeek }) {
  const today = todayInRome();
  const current = weekOf(today);
  const from = formatDate(week.start);
  const to = formatDate(week.end);
  const previous = shiftWeek(week, -1).start.toString();
  const next = shiftWeek(week, 1).start.toString();
  return (
    <nav className={`${page.card} ${styles.weekNav}`} aria-labelledby="settimana">
      <Link to="/agenda" search={{ settimana: previous }} className={buttonClass('secondary')}>
        <span aria-hidden="true">←</span> <Trans>Settimana precedente</Trans>
      </Link>
      <div>
        <h2 id="settimana" className={styles.weekTitle} aria-live="polite">
          <Trans>
            Settimana dal {from} al {to}
          </Trans>
        </h2>
        {!week.start.equals(current.start) && (
          <Link to="/agenda" search={{}}>
            <Trans>Torna alla settimana corrente</Trans>
          </Link>
        )}
      </div>
      <Link to="/agenda" search={{ settimana: next }} className={buttonClass('secondary')}>
        <Trans>Settimana successiva</Trans> <span aria-hidden="true">→</span>
      </Link>
    </nav>
  );
}

type Day = AgendaDay<AgendaItem, Lesson, { id: number; data: string; data_ora_inizio: string; data_ora_fine: string; descrizione: string }, { data: string; data_fine: string; descrizione: string; tipo: string }>;

function WeekDays({ days, subjects, withTimetable }: { days: Day[]; subjects: Subject[]; withTimetable: boolean }) {
  const { t, i18n } = useLingui();
  const today = todayInRome();
  const subjectOf = (id: number | null) => (id === null ? undefined : subjects.find((s) => s.id === id));
  return (
    <div className={styles.dayGrid}>
      {days.map((day) => {
        const iso = day.date.toString();
        const isToday = day.date.equals(today);
        const empty = day.holidays.length + day.activities.length + day.items.length + day.lessons.length === 0;
        return (
          <section
            key={iso}
            className={`${page.card} ${styles.day} ${isToday ? styles.today : ''}`}
            aria-labelledby={`giorno-${iso}`}
            aria-current={isToday ? 'date' : undefined}
          >
            <h3 id={`giorno-${iso}`} className={styles.dayTitle}>
              <span>{dayTitle(i18n, day.date)}</span>
              {isToday && (
                <span className={styles.badge}>
                  <Trans>Oggi</Trans>
                </span>
              )}
            </h3>
            {day.holidays.map((h) => (
              <p key={`${h.data}-${h.descrizione}`} className={styles.holiday}>
                <strong>{kindLabel(i18n, HOLIDAY_KINDS, h.tipo)}:</strong> {h.descrizione}
              </p>
            ))}
            {day.activities.map((a) => (
              <p key={a.id} className={styles.activity}>
                <strong>
                  <Trans>Calendario scolastico</Trans>
                </strong>{' '}
                · <TimeText value={a.data_ora_inizio} />–<TimeText value={a.data_ora_fine} /> · {a.descrizione}
              </p>
            ))}
            {day.items.length > 0 && (
              <ul className={styles.list} aria-label={t`Impegni di ${dayTitle(i18n, day.date)}`}>
                {day.items.map((item) => {
                  const subject = subjectOf(item.id_materia);
                  return (
                    <li key={item.id} className={styles.item}>
                      <p className={styles.itemTitle}>{item.titolo}</p>
                      <p className={styles.meta}>
                        <TimeText value={item.data_ora_inizio} />–<TimeText value={item.data_ora_fine} /> ·{' '}
                        {item.tipo && <span className={styles.badge}>{kindLabel(i18n, AGENDA_KINDS, item.tipo)}</span>}
                        {subject && (
                          <>
                            {' '}
                            · <SubjectLabel name={subject.descrizione} subject={subject} />
                          </>
                        )}
                      </p>
                      {item.dettaglio && <p>{item.dettaglio}</p>}
                    </li>
                  );
                })}
              </ul>
            )}
            {withTimetable && day.lessons.length > 0 && (
              <div>
                <h4 className={styles.subheading}>
                  <Trans>Orario delle lezioni</Trans>
                </h4>
                <ul className={styles.lessons}>
                  {day.lessons.map((l) => (
                    <li key={l.id}>
                      <span className={styles.nowrap}>
                        <TimeText value={l.data_ora_inizio} />–<TimeText value={l.data_ora_fine} />
                      </span>{' '}
                      <strong>{l.materia}</strong> <span className={styles.meta}>{l.docente}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {empty && (
              <p className={styles.meta}>
                <Trans>Nessun impegno.</Trans>
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}

function CalendarExport({ week }: { week: SchoolWeek }) {
  const { t, i18n } = useLingui();
  const { scope, studentInfo, student } = useStudent();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<ExportChoice>('settimana');

  const download = useMutation({
    mutationFn: async () => {
      const today = todayInRome();
      const range = exportRange(choice, week, today, studentInfo.periodi_scolastici);
      const ics = await agendaCalendarFile(queryClient, scope, studentInfo.servizi, range, {
        today,
        words: {
          name: t`Agenda di ${student.nome} ${student.cognome}`,
          homeworkSummary: (name) => (name ? t`Compiti di ${name}` : t`Compiti`),
          testTopics: (argomenti) => t`Argomenti: ${argomenti}`,
        },
      });
      saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), icsFileName(`${student.nome} ${student.cognome}`, range.from, range.to));
    },
    meta: { errorDialog: false },
  });

  return (
    <section className={page.card} aria-labelledby="esporta">
      <h2 id="esporta">
        <Trans>Esporta nel calendario</Trans>
      </h2>
      <p className={styles.meta}>
        <Trans>
          Un file iCalendar (.ics) con gli impegni dell'agenda, i compiti da consegnare e le verifiche, da importare nel calendario del telefono o del computer.
        </Trans>
      </p>
      <div className={styles.export}>
        <SelectField
          className={filters.field}
          label={t`Periodo da esportare`}
          options={[
            { value: 'settimana', label: t`Settimana visualizzata` },
            { value: 'prossimi30', label: t`Prossimi 30 giorni` },
            { value: 'anno', label: t`Intero anno scolastico` },
          ]}
          value={choice}
          onChange={(next) => setChoice(next as ExportChoice)}
        />
        <Button onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? <Trans>Preparazione…</Trans> : <Trans>Scarica il file .ics</Trans>}
        </Button>
      </div>
      {download.isError && (
        <p role="alert" className={styles.error}>
          {i18n._(apiErrorMessage(download.error))}
        </p>
      )}
    </section>
  );
}
