import { useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Field, type FieldBaseProps } from './Field';
import styles from './Field.module.css';
import { Button } from './Button';

/** Native attributes go to the control; `className` styles the field around it. */
type ControlAttributes<T> = Omit<T, 'id' | 'className' | 'required' | 'aria-describedby' | 'aria-invalid' | 'aria-required'>;

export interface TextFieldProps extends FieldBaseProps, ControlAttributes<InputHTMLAttributes<HTMLInputElement>> {
  id?: string;
}

/** Splits the field's own props from the ones the native control takes. */
function fieldProps<P extends FieldBaseProps & { id?: string }>({ label, hint, error, required, describedBy, className, id, ...control }: P) {
  return { field: { label, hint, error, required, describedBy, className, id }, control };
}

export function TextField(props: TextFieldProps) {
  const { field, control } = fieldProps(props);
  return <Field {...field}>{(wiring) => <input className={styles.input} {...control} {...wiring} />}</Field>;
}

/** A day picked with the phone's or browser's own calendar; the value is YYYY-MM-DD. */
export function DateField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="date" />;
}

/** A password input with a show/hide switch that keeps focus and what was typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const { field, control } = fieldProps(props);
  return (
    <Field {...field}>
      {(wiring) => (
        <div className={styles.control}>
          <input className={styles.input} {...control} {...wiring} type={visible ? 'text' : 'password'} />
          <Button variant="secondary" size="small" aria-pressed={visible} aria-controls={wiring.id} onClick={() => setVisible((v) => !v)}>
            {visible ? t`Nascondi` : t`Mostra`}{' '}
            <span className="visually-hidden">{t`password`}</span>
          </Button>
        </div>
      )}
    </Field>
  );
}

export interface TextAreaProps extends FieldBaseProps, ControlAttributes<TextareaHTMLAttributes<HTMLTextAreaElement>> {
  id?: string;
}

export function TextArea(props: TextAreaProps) {
  const { field, control } = fieldProps(props);
  return <Field {...field}>{(wiring) => <textarea className={styles.input} {...control} {...wiring} />}</Field>;
}
