import type { ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone?: 'error' | 'info' | 'success' | 'warning';
  children: ReactNode;
}

/** Errors interrupt screen readers (role alert); other notices are polite (role status). */
export function Alert({ tone = 'info', children }: AlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </div>
  );
}
