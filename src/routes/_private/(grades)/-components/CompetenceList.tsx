import { Trans, useLingui } from '@lingui/react/macro';
import type { Grade } from '../../../../api/queries/grades';
import type { Subject } from '../../../../api/queries/student';
import type { CompetenceGrade, SubjectGrades } from '../../../../domain/grades';
import { DateText } from '../../../../ui/DateTime';
import { SafeHtml } from '../../../../ui/SafeHtml';
import { SubjectLabel } from '../../../../ui/SubjectLabel';
import { Table } from '../../../../ui/Table';
import page from '../../../-shared/Page.module.css';
import styles from './Grades.module.css';

/** Competence grades of each subject: the competence, the level on each of its dimensions, date and comment. */
export function CompetenceList({
  groups,
  headingLevel = 2,
}: {
  groups: SubjectGrades<Subject, CompetenceGrade<Grade>>[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // On its own page each subject is a region; inside /voti the subject regions are the grade cards.
  const Box = headingLevel === 2 ? 'section' : 'div';
  return groups.map(({ subject, grades }) => (
    <Box key={subject.id} className={page.card} aria-labelledby={headingLevel === 2 ? `competenze-${subject.id}` : undefined}>
      <Heading id={headingLevel === 2 ? `competenze-${subject.id}` : undefined} className={styles.subject}>
        <SubjectLabel name={subject.descrizione} subject={subject} />
      </Heading>
      <ul className={styles.competences}>
        {grades.map((g) => (
          <li key={g.id}>
            <Competence grade={g} />
          </li>
        ))}
      </ul>
    </Box>
  ));
}

function Competence({ grade }: { grade: CompetenceGrade<Grade> }) {
  const { t } = useLingui();
  return (
    <article className={styles.competence}>
      <p className={styles.competenceTitle}>
        <strong>{grade.competenza.descrizione}</strong>
        <span className={page.muted}>
          {' '}
          · <DateText value={grade.data} />
          {grade.simbolo && (
            <>
              {' '}
              · <Trans>livello complessivo: {grade.simbolo}</Trans>
            </>
          )}
        </span>
      </p>
      {grade.competenza.dimensioni.length > 0 && (
        <Table
          columns={[
            { key: 'dimensione', header: t`Dimensione`, rowHeader: true, compact: 'title', cell: (d) => d.descrizione },
            { key: 'livello', header: t`Livello`, compact: 'end', cell: (d) => <span className={styles.level}>{d.livello}</span> },
          ]}
          rows={grade.competenza.dimensioni}
          rowKey={(d) => d.descrizione}
          caption={t`Livelli raggiunti: ${grade.competenza.descrizione}`}
          captionHidden
        />
      )}
      {grade.dettaglio && <SafeHtml html={grade.dettaglio} className={styles.comment} />}
    </article>
  );
}
