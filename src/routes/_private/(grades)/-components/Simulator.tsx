import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { Grade } from '../../../../api/queries/grades';
import type { Subject } from '../../../../api/queries/student';
import { computeAverage, type AveragePolicy, type SubjectGrades } from '../../../../domain/grades';
import {
  MAX_COMING_GRADES,
  parseSimulatorInput,
  requiredGrade,
  simulatorMode,
  type SimulatorFieldError,
  type SimulatorInput,
  type SimulatorResult,
  type SimulatorValues,
} from '../../../../domain/simulator';
import { formatGradeValue } from '../../../../i18n/format';
import { Button } from '../../../../ui/Button';
import { SelectField } from '../../../../ui/SelectField';
import { TextField } from '../../../../ui/TextField';
import styles from './Grades.module.css';

const ERRORS: Record<keyof SimulatorInput, Record<SimulatorFieldError, MessageDescriptor>> = {
  target: {
    required: msg`Inserisci la media che vuoi raggiungere.`,
    notANumber: msg`Scrivi un numero, ad esempio 6,5.`,
    notInteger: msg`Scrivi un numero, ad esempio 6,5.`,
    outOfRange: msg`La media deve essere compresa tra 1 e 10.`,
  },
  count: {
    required: msg`Inserisci quanti voti mancano.`,
    notANumber: msg`Scrivi un numero intero, ad esempio 2.`,
    notInteger: msg`Scrivi un numero intero, ad esempio 2.`,
    outOfRange: msg`I prossimi voti possono essere da 1 a ${MAX_COMING_GRADES}.`,
  },
  weight: {
    required: msg`Inserisci il peso dei prossimi voti.`,
    notANumber: msg`Scrivi il peso in percentuale, ad esempio 100.`,
    notInteger: msg`Scrivi il peso in percentuale, ad esempio 100.`,
    outOfRange: msg`Il peso deve essere maggiore di 0 e al massimo 100.`,
  },
};

interface Outcome {
  result: SimulatorResult;
  values: SimulatorValues;
  subject: Subject;
}

/**
 * "Che voto mi serve": for one subject, the grade needed on each coming grade to reach a target
 * average, by the subject's own average rule (weighted or arithmetic). Shown only where averages are.
 */
export function Simulator({ groups, policy }: { groups: SubjectGrades<Subject, Grade>[]; policy: AveragePolicy }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [subjectId, setSubjectId] = useState(() => groups[0]?.subject.id ?? null);
  const [input, setInput] = useState<SimulatorInput>({ target: '', count: '1', weight: '100' });
  const [errors, setErrors] = useState<Partial<Record<keyof SimulatorInput, SimulatorFieldError>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const group = groups.find((g) => g.subject.id === subjectId) ?? groups[0];
  if (!group) return null;
  const mode = simulatorMode(group.grades, policy);
  if (!mode) return null;
  const average = computeAverage(group.grades, policy);

  const update = (field: keyof SimulatorInput) => (e: { target: { value: string } }) => {
    setInput((prev) => ({ ...prev, [field]: e.target.value }));
  };
  const errorOf = (field: keyof SimulatorInput) => {
    const code = errors[field];
    return code ? i18n._(ERRORS[field][code]) : null;
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseSimulatorInput(input, mode!);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setOutcome(null);
      return;
    }
    setErrors({});
    setOutcome({ result: requiredGrade(group!.grades, mode!, parsed.values), values: parsed.values, subject: group!.subject });
  }

  const averageText = average ? formatGradeValue(average.value) : null;
  return (
    <section className={styles.simulator} aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className={styles.subject}>
        <Trans>Che voto mi serve?</Trans>
      </h2>
      <p className={styles.muted}>
        {mode === 'weighted' ? (
          <Trans>Calcolo con la media ponderata: indica anche il peso dei prossimi voti.</Trans>
        ) : (
          <Trans>Calcolo con la media aritmetica.</Trans>
        )}
      </p>
      <form onSubmit={submit} noValidate className={styles.simulatorForm}>
        <SelectField
          className={styles.simulatorSubject}
          label={t`Materia`}
          value={String(group.subject.id)}
          onChange={(value) => {
            setSubjectId(Number(value));
            setOutcome(null);
          }}
          options={groups.map((g) => ({ value: String(g.subject.id), label: g.subject.descrizione }))}
        />
        <p className={styles.muted} aria-live="polite">
          {averageText ? (
            average?.kind === 'weighted' ? (
              <Trans>Media ponderata attuale: {averageText}</Trans>
            ) : (
              <Trans>Media attuale: {averageText}</Trans>
            )
          ) : (
            <Trans>Nessun voto numerico finora.</Trans>
          )}
        </p>
        <div className={styles.simulatorFields}>
          <TextField
            label={t`Media da raggiungere`}
            inputMode="decimal"
            autoComplete="off"
            value={input.target}
            onChange={update('target')}
            error={errorOf('target')}
          />
          <TextField
            label={t`Numero dei prossimi voti`}
            inputMode="numeric"
            autoComplete="off"
            value={input.count}
            onChange={update('count')}
            error={errorOf('count')}
          />
          {mode === 'weighted' && (
            <TextField
              label={t`Peso di ciascun voto (%)`}
              inputMode="decimal"
              autoComplete="off"
              value={input.weight}
              onChange={update('weight')}
              error={errorOf('weight')}
            />
          )}
        </div>
        <Button type="submit">
          <Trans>Calcola</Trans>
        </Button>
      </form>
      <div role="status" aria-live="polite" className={styles.simulatorResult}>
        {outcome && <OutcomeText outcome={outcome} />}
      </div>
    </section>
  );
}

function OutcomeText({ outcome: { result, values, subject } }: { outcome: Outcome }) {
  const target = formatGradeValue(values.target);
  const count = values.count;
  const name = subject.descrizione;
  const grade = result.grade === null ? null : formatGradeValue(result.grade);
  switch (result.kind) {
    case 'needed':
      return count === 1 ? (
        <p className={styles.simulatorNeeded}>
          <Trans>
            Per arrivare a {target} in {name} ti serve almeno {grade} nel prossimo voto.
          </Trans>
        </p>
      ) : (
        <p className={styles.simulatorNeeded}>
          <Trans>
            Per arrivare a {target} in {name} ti serve almeno {grade} in ciascuno dei prossimi {count} voti.
          </Trans>
        </p>
      );
    case 'impossible':
      return (
        <p className={styles.error}>
          <Trans>
            Obiettivo non raggiungibile: per arrivare a {target} in {name} servirebbe {grade} in ciascuno dei prossimi {count} voti, più
            di 10.
          </Trans>
        </p>
      );
    case 'reached':
      return grade === null ? (
        <p className={styles.acknowledged}>
          <Trans>Obiettivo già raggiunto: la media di {name} è già almeno {target} e qualsiasi voto la mantiene.</Trans>
        </p>
      ) : (
        <p className={styles.acknowledged}>
          <Trans>
            Obiettivo già raggiunto: la media di {name} è già almeno {target}. Per mantenerla ti basta almeno {grade} nei prossimi voti.
          </Trans>
        </p>
      );
  }
}
