import { useId, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import styles from './Field.module.css';

/** What a control needs to be wired to its label, hint and error: spread it on the control. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

/** The parts every field shares, whatever its control. */
export interface FieldBaseProps {
  label: ReactNode;
  /** Help shown between label and control, read after the label. */
  hint?: ReactNode;
  /** The problem with the value; null or undefined when there is none. */
  error?: ReactNode;
  required?: boolean;
  /** Ids of further text that describes the control (e.g. a note above the form). */
  describedBy?: string;
  className?: string;
}

interface FieldProps extends FieldBaseProps {
  /** A fixed id for the control (otherwise a generated one). */
  id?: string;
  /** Control first, label after it: for a single checkbox or switch. */
  inline?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

const joinIds = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** The star is for the eye; the words are for screen readers (they also hear aria-required). */
function RequiredMark() {
  const { t } = useLingui();
  return (
    <>
      {' '}
      <span className={styles.required} aria-hidden="true">
        *
      </span>{' '}
      <span className="visually-hidden">{t`(obbligatorio)`}</span>
    </>
  );
}

/**
 * Label, optional hint, control and error, with the ids wired (aria-describedby to hint and error,
 * aria-invalid, aria-required). The control is whatever `children` renders with the props it gets:
 * `<input>`, `<select>`, `<textarea>`.
 */
export function Field({ label, hint, error, required, describedBy, className, id: fixedId, inline, children }: FieldProps) {
  const generated = useId();
  const id = fixedId ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error != null && error !== false && error !== '';
  const control = children({
    id,
    'aria-describedby': joinIds(describedBy, hint != null && hintId, hasError && errorId),
    'aria-invalid': hasError ? true : undefined,
    'aria-required': required ? true : undefined,
  });
  const labelElement = (
    <label htmlFor={id} className={styles.label}>
      {label}
      {required && <RequiredMark />}
    </label>
  );
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {inline ? (
        <div className={styles.inline}>
          {control}
          {labelElement}
        </div>
      ) : (
        labelElement
      )}
      {hint != null && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {!inline && control}
      {hasError && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What the controls of a group need: the name they share and the group's own description. */
export interface FieldGroupContext {
  name: string;
  invalid: boolean;
}

interface FieldGroupProps extends FieldBaseProps {
  /** The name of the controls in the group (otherwise a generated one). */
  name?: string;
  /** radiogroup lets screen readers hear that one answer is required or wrong. */
  role?: 'group' | 'radiogroup';
  children: ReactNode | ((group: FieldGroupContext) => ReactNode);
}

/** A `fieldset` whose `legend` is the label: for radio buttons and checkbox groups. */
export function FieldGroup({ label, hint, error, required, describedBy, className, name, role, children }: FieldGroupProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error != null && error !== false && error !== '';
  const isRadioGroup = role === 'radiogroup';
  return (
    <fieldset
      className={[styles.field, styles.group, className].filter(Boolean).join(' ')}
      role={isRadioGroup ? 'radiogroup' : undefined}
      aria-labelledby={legendId}
      aria-describedby={joinIds(describedBy, hint != null && hintId, hasError && errorId)}
      aria-invalid={isRadioGroup && hasError ? true : undefined}
      aria-required={isRadioGroup && required ? true : undefined}
    >
      <legend id={legendId} className={styles.label}>
        {label}
        {required && <RequiredMark />}
      </legend>
      {hint != null && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.options}>{typeof children === 'function' ? children({ name: name ?? id, invalid: hasError }) : children}</div>
      {hasError && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
