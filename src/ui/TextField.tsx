import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import styles from './Field.module.css';
import { Button } from './Button';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
}

/** Label, control and error message, wired for screen readers (aria-invalid, aria-describedby). */
function Field({ label, error, after, ...input }: TextFieldProps & { after?: (id: string) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {after?.(id)}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField(props: TextFieldProps) {
  return <Field {...props} />;
}

/** A password input with a show/hide switch that keeps focus and what was typed. */
export function PasswordField(props: TextFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      after={(id) => (
        <Button variant="secondary" size="small" aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {visible ? t`Nascondi` : t`Mostra`}
          <span className="visually-hidden"> {t`password`}</span>
        </Button>
      )}
    />
  );
}
