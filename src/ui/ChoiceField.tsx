import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, FieldGroup, type FieldBaseProps } from './Field';
import styles from './Field.module.css';

export interface CheckboxFieldProps
  extends FieldBaseProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required' | 'type' | 'checked' | 'onChange' | 'value'> {
  id?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A switch is read as on/off rather than checked/unchecked. */
  role?: 'checkbox' | 'switch';
}

/** One checkbox with its label on the right (consent, "Mostra tutti", a switch). */
export function CheckboxField({ label, hint, error, required, describedBy, className, id, checked, onChange, role, ...input }: CheckboxFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} describedBy={describedBy} className={className} id={id} inline>
      {(wiring) => (
        <input
          className={styles.check}
          {...input}
          {...wiring}
          type="checkbox"
          role={role === 'switch' ? 'switch' : undefined}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
      )}
    </Field>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupFieldProps extends FieldBaseProps {
  options: readonly RadioOption[];
  /** '' when nothing is chosen yet. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  disabled?: boolean;
}

/** One answer out of a few, all in sight: a fieldset of native radio buttons (arrow keys move the choice). */
export function RadioGroupField({ options, value, onChange, name, disabled, ...group }: RadioGroupFieldProps) {
  const id = useId();
  return (
    <FieldGroup {...group} name={name} role="radiogroup">
      {({ name: groupName }) =>
        options.map((o, i) => {
          const optionId = `${id}-${i}`;
          return (
            <div key={o.value} className={styles.option}>
              <input
                id={optionId}
                className={styles.check}
                type="radio"
                name={groupName}
                value={o.value}
                checked={value === o.value}
                disabled={disabled || o.disabled}
                aria-describedby={o.hint != null ? `${optionId}-hint` : undefined}
                onChange={() => onChange(o.value)}
              />
              <div>
                <label htmlFor={optionId}>{o.label}</label>
                {o.hint != null && (
                  <span id={`${optionId}-hint`} className={styles.optionHint}>
                    {o.hint}
                  </span>
                )}
              </div>
            </div>
          );
        })
      }
    </FieldGroup>
  );
}
