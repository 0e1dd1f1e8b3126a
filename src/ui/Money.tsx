import { formatMoney } from '../i18n/format';
import styles from './Money.module.css';

interface MoneyProps {
  /** Euros (the contract's `importo`), not cents. */
  amount: number;
  /** Show + before a credit too (a balance); a debit always has its minus. */
  signed?: boolean;
  /** 'auto' colours a debit red and a signed credit green; the sign, not the colour, carries the meaning. */
  tone?: 'none' | 'auto';
  className?: string;
}

/** An amount in euros as Italians write it (12,50 €), never broken across lines. */
export function Money({ amount, signed = false, tone = 'none', className }: MoneyProps) {
  const toneClass = tone === 'auto' ? (amount < 0 ? styles.debit : signed && amount > 0 ? styles.credit : '') : '';
  return <span className={[styles.money, toneClass, className].filter(Boolean).join(' ')}>{formatMoney(amount, { signed })}</span>;
}
