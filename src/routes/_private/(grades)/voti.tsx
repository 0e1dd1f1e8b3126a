import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Temporal } from '../../../domain/temporal';
import { gradesQuery, type Grade } from '../../../api/queries/grades';
import { subjectsQuery, type Subject } from '../../../api/queries/student';
import { preferencesQuery } from '../../../api/queries/preferences';
import {
  averagePolicy,
  averageSummary,
  computeAverage,
  gradesOfPeriod,
  groupCompetencesBySubject,
  groupGradesBySubject,
  listGrades,
  type Average,
} from '../../../domain/grades';
import { schoolYearStart } from '../../../domain/schoolYear';
import { currentPeriod } from '../../../domain/periods';
import { formatGradeValue } from '../../../i18n/format';
import { periodName } from '../../../i18n/periodName';
import { todayInRome } from '../../../i18n/today';
import { DateText } from '../../../ui/DateTime';
import { SafeHtml } from '../../../ui/SafeHtml';
import { EmptyState } from '../../../ui/States';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { Table, type Column } from '../../../ui/Table';
import { Tabs } from '../../../ui/Tabs';
import { useDrawnCount } from '../../../ui/useDrawnCount';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { useLoadedData } from '../../-shared/Loaded';
import { AverageSummaryTable } from './-components/AverageSummaryTable';
import { CompetenceList } from './-components/CompetenceList';
import { GradeAcknowledgement, useCanAcknowledgeGrades } from './-components/GradeAcknowledgement';
import { GradeChart } from './-components/GradeChart';
import { GradeDetailButton } from './-components/GradeDetail';
import { Simulator } from './-components/Simulator';
import page from '../../-shared/Page.module.css';
import styles from './-components/Grades.module.css';

export const Route = createFileRoute('/_private/(grades)/voti')({
  beforeLoad: ({ context }) => requireSection('/voti', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([
      queryClient.ensureQueryData(gradesQuery(scope)),
      queryClient.ensureQueryData(subjectsQuery(scope)),
      // Whether the user hides averages: waited for so none flashes, but a failure only means "shown".
      queryClient.ensureQueryData(preferencesQuery()).catch(() => null),
    ]),
  component: GradesPage,
  errorComponent: RouteError,
});

const YEAR = 'anno';
/** Subjects drawn in the first pass: the first fills a phone screen (/voti render budget). */
const FIRST_SUBJECTS = 1;

function GradesPage() {
  const { t } = useLingui();
  const { scope, studentInfo } = useStudent();
  const { data: grades } = useSuspenseQuery(gradesQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const periods = studentInfo.periodi_scolastici;
  const [period, setPeriod] = useState(
    () => String(currentPeriod(todayInRome(), periods)?.numero ?? periods.at(-1)?.numero ?? YEAR),
  );
  const listed = listGrades(grades);
  const yearStart = schoolYearStart(periods, todayInRome());

  return (
    <div className={page.page}>
      <h1>
        <Trans>Voti</Trans>
      </h1>
      <Tabs
        label={t`Periodo`}
        value={period}
        onValueChange={setPeriod}
        items={[...periods.map((p) => ({ value: String(p.numero), label: periodName(p.numero) })), { value: YEAR, label: t`Intero anno` }].map(
          ({ value, label }) => {
            const numero = value === YEAR ? null : Number(value);
            return {
              value,
              label,
              content: (
                <PeriodPanel numero={numero} yearGrades={grades} yearListed={listed} subjects={subjects} yearStart={yearStart} />
              ),
            };
          },
        )}
      />
    </div>
  );
}

interface PeriodPanelProps {
  /** null: the whole year */
  numero: number | null;
  /** Every grade of the year, competences included. */
  yearGrades: Grade[];
  /** Listed grades of the whole year, newest first (also for the charts). */
  yearListed: Grade[];
  subjects: Subject[];
  yearStart: Temporal.PlainDate;
}

/** One tab's content: only the open tab is drawn, so only its period's grades are picked. */
function PeriodPanel({ numero, yearGrades, yearListed, subjects, yearStart }: PeriodPanelProps) {
  const { studentInfo } = useStudent();
  // Read once the loader has it; a backend without preferences (or a failed read) shows averages.
  const hidden = useLoadedData(preferencesQuery())?.nascondi_medie ?? false;
  const policy = averagePolicy(studentInfo, hidden);
  const grades = gradesOfPeriod(yearListed, studentInfo.periodi_scolastici, numero);
  const allGrades = gradesOfPeriod(yearGrades, studentInfo.periodi_scolastici, numero);
  const groups = groupGradesBySubject(grades, subjects);
  const competences = groupCompetencesBySubject(allGrades, subjects);
  const overall = computeAverage(grades, policy);
  const summary = numero === null ? averageSummary(yearListed, subjects, studentInfo.periodi_scolastici, policy) : null;
  // The first subject is drawn at once; the others, and what follows them, in a second pass.
  const shown = useDrawnCount(groups.length, FIRST_SUBJECTS);
  const complete = shown === groups.length;

  if (groups.length === 0 && competences.length === 0) {
    return (
      <EmptyState>
        <Trans>Nessun voto registrato in questo periodo.</Trans>
      </EmptyState>
    );
  }
  return (
    <>
      {overall && (
        <p className={styles.overall}>
          {overall.kind === 'weighted' ? (
            <Trans>Media generale ponderata del periodo: {formatGradeValue(overall.value)}</Trans>
          ) : (
            <Trans>Media generale del periodo: {formatGradeValue(overall.value)}</Trans>
          )}
        </p>
      )}
      {summary && summary.rows.length > 0 && (
        <AverageSummaryTable summary={summary} periods={studentInfo.periodi_scolastici} weighted={policy.weighted} />
      )}
      {groups.slice(0, shown).map(({ subject, grades: subjectGrades }) => (
        <section key={subject.id} className={page.card} aria-labelledby={`materia-${subject.id}`}>
          <header className={styles.subjectHeader}>
            <div className={styles.subjectNames}>
              <h2 id={`materia-${subject.id}`} className={styles.subject}>
                <SubjectLabel name={subject.descrizione} subject={subject} />
              </h2>
              <p className={`${page.muted} ${styles.teachers}`}>{subject.professori.map((p) => p.nome).join(', ')}</p>
            </div>
            <AverageBadge average={computeAverage(subjectGrades, policy)} />
          </header>
          <GradesTable grades={subjectGrades} subject={subject} />
          <ChartDetails grades={yearListed} subject={subject} yearStart={yearStart} />
        </section>
      ))}
      {complete && policy.showAverages && groups.length > 0 && (
        <div className={page.card}>
          <Simulator groups={groups} policy={policy} />
        </div>
      )}
      {complete && competences.length > 0 && (
        <section className={styles.competenceSection} aria-labelledby={`competenze-${numero ?? YEAR}`}>
          <h2 id={`competenze-${numero ?? YEAR}`}>
            <Trans>Valutazioni delle competenze</Trans>
          </h2>
          <CompetenceList groups={competences} headingLevel={3} />
        </section>
      )}
    </>
  );
}

/**
 * The year's chart of a subject, drawn only once the parent opens it: closed, it would cost every
 * visit a chart per subject that nobody sees (/voti's render budget).
 */
function ChartDetails({ grades, subject, yearStart }: { grades: Grade[]; subject: Subject; yearStart: Temporal.PlainDate }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={styles.chartBox} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        <Trans>Andamento nell'anno</Trans>
      </summary>
      {opened && (
        <GradeChart grades={grades.filter((g) => g.id_materia === subject.id)} subjectName={subject.descrizione} yearStart={yearStart} />
      )}
    </details>
  );
}

function AverageBadge({ average }: { average: Average | null }) {
  if (!average) return null;
  const value = formatGradeValue(average.value);
  return (
    <p className={styles.average}>
      {average.kind === 'weighted' ? <Trans>Media ponderata: {value}</Trans> : <Trans>Media: {value}</Trans>}
    </p>
  );
}

function GradesTable({ grades, subject }: { grades: Grade[]; subject: Subject }) {
  const { t } = useLingui();
  const canAcknowledge = useCanAcknowledgeGrades();
  const columns: Column<Grade>[] = [
    { key: 'data', header: t`Data`, compact: 'meta', cell: (g) => <DateText value={g.data} /> },
    { key: 'tipo', header: t`Tipo`, compact: 'title', cell: (g) => g.sottotitolo },
    {
      key: 'voto',
      header: t`Voto`,
      compact: 'lead',
      cell: (g) => (
        <span className={styles.grade} style={{ borderColor: g.colore_simbolo }}>
          {g.simbolo}
        </span>
      ),
    },
    { key: 'peso', header: t`Peso`, compact: 'meta', cell: (g) => g.descrizione_peso },
    { key: 'commento', header: t`Commento`, cell: (g) => (g.dettaglio ? <SafeHtml html={g.dettaglio} /> : null) },
    ...(canAcknowledge ? [{ key: 'presa-visione', header: t`Presa visione`, cell: (g: Grade) => <GradeAcknowledgement grade={g} /> }] : []),
    {
      key: 'dettagli',
      header: <span className="visually-hidden">{t`Dettagli`}</span>,
      // The button names itself ("Dettagli del voto …").
      stackedLabel: false,
      cell: (g) => <GradeDetailButton grade={g} subject={subject} />,
    },
  ];
  const subjectName = subject.descrizione;
  return (
    <Table
      className={styles.grades}
      columns={columns}
      rows={grades}
      rowKey={(g) => g.id}
      caption={t`Voti di ${subjectName}`}
      captionHidden
    />
  );
}
