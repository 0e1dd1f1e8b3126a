import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery, useMutation } from '@tanstack/react-query';
import { Tabs } from '@ark-ui/react/tabs';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { acknowledgeGrade, gradesQuery, subjectsQuery, type Grade, type Subject } from '../../api/queries/student';
import { averagePolicy, computeAverage, groupGradesBySubject, listGrades, periodOfDate, type Average } from '../../domain/grades';
import { currentPeriod } from '../../domain/periods';
import { formatDate, formatDateTime, formatGradeValue } from '../../i18n/format';
import { periodName } from '../../i18n/periodName';
import { todayInRome } from '../../i18n/today';
import { Button } from '../../ui/Button';
import { SafeHtml } from '../../ui/SafeHtml';
import { EmptyState } from '../../ui/States';
import { SubjectLabel } from '../../ui/SubjectLabel';
import { requireSection } from '../-components/guards';
import { apiErrorMessage } from '../-components/messages';
import { RouteError } from '../-components/RouteError';
import { useStudent } from '../-components/session';
import page from '../-components/Page.module.css';
import styles from '../-components/Grades.module.css';

export const Route = createFileRoute('/_private/voti')({
  beforeLoad: ({ context }) => requireSection('/voti', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([queryClient.ensureQueryData(gradesQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: GradesPage,
  errorComponent: RouteError,
});

function GradesPage() {
  const { t } = useLingui();
  const { scope, studentInfo } = useStudent();
  const { data: grades } = useSuspenseQuery(gradesQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));
  const periods = studentInfo.periodi_scolastici;
  const [period, setPeriod] = useState(
    () => String(currentPeriod(todayInRome(), periods)?.numero ?? periods.at(-1)?.numero ?? 'anno'),
  );
  const listed = listGrades(grades);

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
          <Tabs.Trigger value="anno" className={styles.tab}>
            <Trans>Intero anno</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        {[...periods.map((p) => String(p.numero)), 'anno'].map((value) => (
          <Tabs.Content key={value} value={value} className={styles.panel}>
            <GradesBySubject
              grades={value === 'anno' ? listed : listed.filter((g) => String(periodOfDate(g.data, periods)) === value)}
              subjects={subjects}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function GradesBySubject({ grades, subjects }: { grades: Grade[]; subjects: Subject[] }) {
  const { studentInfo } = useStudent();
  const policy = averagePolicy(studentInfo);
  const groups = groupGradesBySubject(grades, subjects);
  if (groups.length === 0) {
    return (
      <EmptyState>
        <Trans>Nessun voto registrato in questo periodo.</Trans>
      </EmptyState>
    );
  }
  return groups.map(({ subject, grades: subjectGrades }) => (
    <section key={subject.id} className={page.card} aria-labelledby={`materia-${subject.id}`}>
      <header className={styles.subjectHeader}>
        <div>
          <h2 id={`materia-${subject.id}`} className={styles.subject}>
            <SubjectLabel name={subject.descrizione} />
          </h2>
          <p className={page.muted}>{subject.professori.map((p) => p.nome).join(', ')}</p>
        </div>
        <AverageBadge average={computeAverage(subjectGrades, policy)} />
      </header>
      <GradesTable grades={subjectGrades} />
    </section>
  ));
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

function GradesTable({ grades }: { grades: Grade[] }) {
  const { t } = useLingui();
  const { studentInfo } = useStudent();
  const canAcknowledge = studentInfo.presa_visione_voti && studentInfo.servizi.presa_visione_voti === true;
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
                <Acknowledgement grade={g} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Acknowledgement({ grade }: { grade: Grade }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const queryClient = useQueryClient();
  const ack = useMutation({ mutationFn: () => acknowledgeGrade(queryClient, scope, grade.id) });

  if (grade.presa_visione && grade.data_presa_visione) {
    const when = formatDateTime(grade.data_presa_visione);
    return (
      <span className={styles.acknowledged}>
        <Trans>Vista il {when}</Trans>
      </span>
    );
  }
  return (
    <div>
      <Button size="small" variant="secondary" disabled={ack.isPending} onClick={() => ack.mutate()}>
        {ack.isPending ? <Trans>Invio…</Trans> : <Trans>Prendi visione</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>
            del voto {grade.simbolo} del {formatDate(grade.data)}
          </Trans>
        </span>
      </Button>
      {ack.isError && (
        <p role="alert" className={styles.error}>
          {i18n._(apiErrorMessage(ack.error))}
        </p>
      )}
    </div>
  );
}
