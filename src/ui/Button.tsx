import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'normal' | 'small';
}

export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? ''].join(' ');
  return <button type={type} className={classes} {...props} />;
}

export const buttonClass = (variant: 'primary' | 'secondary' | 'ghost' = 'primary') => `${styles.button} ${styles[variant]}`;
