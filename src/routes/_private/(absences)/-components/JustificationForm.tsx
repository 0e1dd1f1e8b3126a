import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import type { Absence, AbsenceReasons } from '../../../../api/queries/absences';
import {
  absenceKind,
  listsOf,
  missingJustificationFields,
  type JustificationDraft,
  type JustificationField,
  type ReasonList,
} from '../../../../domain/absences';
import type { JustificationOutcome } from '../../../../machines/justification.machine';
import { formatDate } from '../../../../i18n/format';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { SelectField } from '../../../../ui/SelectField';
import { TextArea } from '../../../../ui/TextField';
import { KIND_LABEL } from './labels';
import styles from './Absences.module.css';
import { failureText } from '../../../-shared/failureText';

interface JustificationFormProps {
  draft: JustificationDraft;
  /** The chosen events, in the order of the list. */
  chosen: Absence[];
  reasons: AbsenceReasons;
  onReason: (list: ReasonList, codice: string) => void;
  onText: (text: string) => void;
  onSubmit: () => void;
  submitting: boolean;
  outcome: JustificationOutcome | null;
  /** Every event of the year, to name the ones an outcome speaks of. */
  absences: Absence[];
}

/** Online justification (docs/product.md#absences): reason(s) from the right list, a text, one submission. */
export function JustificationForm({ draft, chosen, reasons, onReason, onText, onSubmit, submitting, outcome, absences }: JustificationFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const stillMissing = missingJustificationFields(draft);
  // A message stays until its field is filled in, not until the next submission.
  const problem = (f: JustificationField) => outcome?.kind === 'incomplete' && outcome.missing.includes(f) && stillMissing.includes(f);
  const lists = listsOf(draft.items);
  const shownLists: ReasonList[] = lists.length > 0 ? lists : ['normale'];
  const nameOf = (absenceId: number) => {
    const a = absences.find((x) => x.id === absenceId);
    if (!a) return `#${absenceId}`;
    const kind = i18n._(KIND_LABEL[absenceKind(a)]);
    const date = formatDate(a.data);
    return t`${kind} del ${date}`;
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }

  const count = chosen.length;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={submitting} aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className={styles.sectionTitle}>
        <Trans>Giustificazione online</Trans>
      </h2>
      <OutcomeMessage outcome={outcome} nameOf={nameOf} />
      <div id={`${id}-scelta`}>
        <p className={styles.hint}>
          <Plural value={count} _0="Nessuna assenza scelta: selezionale nell'elenco." one="# assenza scelta:" other="# assenze scelte:" />
        </p>
        {count > 0 && (
          <ul className={styles.chosen}>
            {chosen.map((a) => (
              <li key={a.id}>{nameOf(a.id)}</li>
            ))}
          </ul>
        )}
        {problem('selection') && (
          <p className={styles.error} role="alert">
            <Trans>Seleziona almeno un'assenza da giustificare</Trans>
          </p>
        )}
      </div>
      {shownLists.map((list) => (
        <SelectField
          key={list}
          label={list === 'dad' ? t`Motivo (didattica a distanza)` : t`Motivo`}
          value={draft.reasons[list] ?? ''}
          onChange={(codice) => onReason(list, codice)}
          emptyOption={t`Scegli il motivo`}
          options={reasons[list].map((r) => ({ value: r.codice, label: r.descrizione }))}
          error={
            problem(`reason.${list}`) &&
            (list === 'dad' ? <Trans>Il motivo per la didattica a distanza è obbligatorio</Trans> : <Trans>Il motivo è obbligatorio</Trans>)
          }
        />
      ))}
      <TextArea
        label={<Trans>Motivazione</Trans>}
        value={draft.text}
        maxLength={500}
        onChange={(e) => onText(e.target.value)}
        error={problem('text') && <Trans>La motivazione è obbligatoria</Trans>}
      />
      <div className={styles.actions}>
        {/* Not disabled while sending: the machine ignores a second submission, and focus stays put. */}
        <Button type="submit" aria-disabled={submitting || undefined}>
          {submitting ? <Trans>Invio in corso…</Trans> : <Trans>Invia giustificazione</Trans>}
        </Button>
      </div>
    </form>
  );
}

function OutcomeMessage({ outcome, nameOf }: { outcome: JustificationOutcome | null; nameOf: (id: number) => string }) {
  const { i18n } = useLingui();
  if (!outcome || outcome.kind === 'incomplete') return null;
  if (outcome.kind === 'sent') {
    const n = outcome.justified.length;
    return (
      <Alert tone="success">
        <Plural value={n} one="Giustificazione inviata: # assenza giustificata." other="Giustificazione inviata: # assenze giustificate." />
      </Alert>
    );
  }
  if (outcome.kind === 'failed') {
    const why = failureText(outcome.failure, i18n);
    return (
      <Alert tone="error">
        <Trans>Giustificazione non inviata: {why}</Trans>
      </Alert>
    );
  }
  const ok = outcome.justified.length;
  return (
    <Alert tone="error">
      <Plural value={ok} one="# assenza giustificata, ma non tutte:" other="# assenze giustificate, ma non tutte:" />
      <ul className={styles.failures}>
        {outcome.failed.map((f) => (
          <li key={f.id}>
            {nameOf(f.id)}: {failureText(f.failure, i18n)}
          </li>
        ))}
      </ul>
      <Trans>Quelle non giustificate restano scelte: puoi correggere e inviare di nuovo.</Trans>
    </Alert>
  );
}
