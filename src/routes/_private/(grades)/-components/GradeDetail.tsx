import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Grade } from '../../../../api/queries/grades';
import type { Subject } from '../../../../api/queries/student';
import { formatDate, formatGradeValue } from '../../../../i18n/format';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { SafeHtml } from '../../../../ui/SafeHtml';
import { GradeAcknowledgement, useCanAcknowledgeGrades } from './GradeAcknowledgement';
import styles from './Grades.module.css';

/** A "Dettagli" button that opens the grade's detail: date, kind, value, weight, comment and acknowledgement. */
export function GradeDetailButton({ grade, subject }: { grade: Grade; subject: Subject | undefined }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const canAcknowledge = useCanAcknowledgeGrades();
  const date = formatDate(grade.data);
  const subjectName = subject?.descrizione ?? '';
  return (
    <>
      <Button size="small" variant="ghost" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Trans>Dettagli</Trans>
        <span className="visually-hidden">
          {' '}
          <Trans>
            del voto {grade.simbolo} del {date}
          </Trans>
        </span>
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Voto di ${subjectName} del ${date}`}
        actions={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            <Trans>Chiudi</Trans>
          </Button>
        }
      >
        <dl className={styles.detail}>
          <dt>
            <Trans>Data</Trans>
          </dt>
          <dd>{date}</dd>
          <dt>
            <Trans>Tipo</Trans>
          </dt>
          <dd>{grade.sottotitolo}</dd>
          <dt>
            <Trans>Voto</Trans>
          </dt>
          <dd>
            {grade.simbolo}
            {grade.voto_numerico !== null && <span className={styles.muted}> ({formatGradeValue(grade.voto_numerico)})</span>}
          </dd>
          <dt>
            <Trans>Peso</Trans>
          </dt>
          <dd>{grade.valore_peso > 0 ? grade.descrizione_peso : <Trans>Non conta nella media ponderata</Trans>}</dd>
          <dt>
            <Trans>Commento del docente</Trans>
          </dt>
          <dd>{grade.dettaglio ? <SafeHtml html={grade.dettaglio} /> : <Trans>Nessun commento</Trans>}</dd>
          {canAcknowledge && (
            <>
              <dt>
                <Trans>Presa visione</Trans>
              </dt>
              <dd>
                <GradeAcknowledgement grade={grade} />
              </dd>
            </>
          )}
        </dl>
      </Dialog>
    </>
  );
}
