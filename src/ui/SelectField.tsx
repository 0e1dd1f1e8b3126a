import type { SelectHTMLAttributes } from 'react';
import { Field, type FieldBaseProps } from './Field';
import styles from './Field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps
  extends FieldBaseProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'required' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'multiple'> {
  id?: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** A first option with the value '': "Tutte le materie" for a filter, "Scegli il motivo" for a form. */
  emptyOption?: string;
}

/**
 * A native select: the phone's own picker, and keyboard and screen readers work as everywhere.
 * Values are strings, as in the DOM; map numbers at the call site.
 */
export function SelectField({ label, hint, error, required, describedBy, className, id, options, value, onChange, emptyOption, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} describedBy={describedBy} className={className} id={id}>
      {(wiring) => (
        <select className={styles.input} {...select} {...wiring} value={value} onChange={(e) => onChange(e.target.value)}>
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
