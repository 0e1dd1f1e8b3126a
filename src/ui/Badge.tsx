import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

interface BadgeProps {
  tone?: BadgeTone;
  /** A number to show (e.g. unread items); with `label` it is read as "3 non letti". */
  count?: number;
  /** What the count counts, for screen readers: the number alone says nothing. */
  label?: string;
  /** Above it the badge shows e.g. "99+" (screen readers still hear the number). */
  max?: number;
  /** A word badge ("Nuovo", "Scaduto"); the tone is decoration, the word is the meaning. */
  children?: ReactNode;
}

/** A short status word or count. Colour is never the only sign: there is always text. */
export function Badge({ tone = 'neutral', count, label, max = 99, children }: BadgeProps) {
  const className = `${styles.badge} ${styles[tone]}`;
  if (count === undefined) return <span className={className}>{children}</span>;
  const shown = count > max ? `${max}+` : String(count);
  return (
    <span className={`${className} ${styles.count}`}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{label ? `${count} ${label}` : String(count)}</span>
    </span>
  );
}
