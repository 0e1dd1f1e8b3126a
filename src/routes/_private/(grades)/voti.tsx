import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Tabs } from '@ark-ui/react/tabs';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Temporal } from 'temporal-polyfill';
import { gradesQuery, type Grade } from '../../../api/queries/grades';
import { subjectsQuery, type Subject } from '../../../api/queries/student';
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
import { formatDate, formatGradeValue } from '../../../i18n/format';
import { periodName } from '../../../i18n/periodName';
import { todayInRome } from '../../../i18n/today';
import { SafeHtml } from '../../../ui/SafeHtml';
import { EmptyState } from '../../../ui/States';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
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
    Promise.all([queryClient.ensureQueryData(gradesQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: GradesPage,
  errorComponent: RouteError,
});

const YEAR = 'anno';

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
      <Tabs.Root lazyMount unmountOnExit value={period} onValueChange={({ value }) => setPeriod(value)} className={styles.tabs}>
        <Tabs.List className={styles.tabList} aria-label={t`Periodo`}>
          {periods.map((p) => (
            <Tabs.Trigger key={p.numero} value={String(p.numero)} className={styles.tab}>
              {periodName(p.numero)}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value={YEAR} className={styles.tab}>
            <Trans>Intero anno</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        {[...periods.map((p) => String(p.numero)), YEAR].map((value) => {
          const numero = value === YEAR ? null : Number(value);
          return (
            <Tabs.Content key={value} value={value} className={styles.panel}>
              <PeriodPanel
                numero={numero}
                grades={gradesOfPeriod(listed, periods, numero)}
                allGrades={gradesOfPeriod(grades, periods, numero)}
                yearGrades={listed}
                subjects={subjects}
                yearStart={yearStart}
              />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}

interface PeriodPanelProps {
  /** null: the whole year */
  numero: number | null;
  /** Listed grades of the period, newest first. */
  grades: Grade[];
  /** Every grade of the period, competences included. */
  allGrades: Grade[];
  /** Listed grades of the whole year, for the charts. */
  yearGrades: Grade[];
  subjects: Subject[];
  yearStart: Temporal.PlainDate;
}

function PeriodPanel({ numero, grades, allGrades, yearGrades, subjects, yearStart }: PeriodPanelProps) {
  const { studentInfo } = useStudent();
  const policy = averagePolicy(studentInfo);
  const groups = groupGradesBySubject(grades, subjects);
  const competences = groupCompetencesBySubject(allGrades, subjects);
  const overall = computeAverage(grades, policy);
  const summary = numero === null ? averageSummary(yearGrades, subjects, studentInfo.periodi_scolastici, policy) : null;

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
      {groups.map(({ subject, grades: subjectGrades }) => (
        <section key={subject.id} className={page.card} aria-labelledby={`materia-${subject.id}`}>
          <header className={styles.subjectHeader}>
            <div>
              <h2 id={`materia-${subject.id}`} className={styles.subject}>
                <SubjectLabel name={subject.descrizione} subject={subject} />
              </h2>
              <p className={page.muted}>{subject.professori.map((p) => p.nome).join(', ')}</p>
            </div>
            <AverageBadge average={computeAverage(subjectGrades, policy)} />
          </header>
          <GradesTable grades={subjectGrades} subject={subject} />
          <details className={styles.chartBox}>
            <summary>
              <Trans>Andamento nell'anno</Trans>
            </summary>
            <GradeChart
              grades={yearGrades.filter((g) => g.id_materia === subject.id)}
              subjectName={subject.descrizione}
              yearStart={yearStart}
            />
          </details>
        </section>
      ))}
      {policy.showAverages && groups.length > 0 && (
        <div className={page.card}>
          <Simulator groups={groups} policy={policy} />
        </div>
      )}
      {competences.length > 0 && (
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
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t`Data`}</th>
          <th scope="col">{t`Tipo`}</th>
          <th scope="col">{t`Voto`}</th>
          <th scope="col">{t`Peso`}</th>
          <th scope="col">{t`Commento`}</th>
          {canAcknowledge && <th scope="col">{t`Presa visione`}</th>}
          <th scope="col">
            <span className="visually-hidden">{t`Dettagli`}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {grades.map((g) => (
          <tr key={g.id}>
            <td>{formatDate(g.data)}</td>
            <td>{g.sottotitolo}</td>
            <td>
              <span className={styles.grade} style={{ borderColor: g.colore_simbolo }}>
                {g.simbolo}
              </span>
            </td>
            <td>{g.descrizione_peso}</td>
            <td>{g.dettaglio ? <SafeHtml html={g.dettaglio} /> : null}</td>
            {canAcknowledge && (
              <td>
                <GradeAcknowledgement grade={g} />
              </td>
            )}
            <td>
              <GradeDetailButton grade={g} subject={subject} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
