import { formatDate, formatDateTime, formatTime, isoDate, isoDateTime, isoTime, type DateInput, type TimeInput } from '../i18n/format';

interface TextProps<T> {
  value: T;
  className?: string;
}

/** A day as DD-MM-YYYY, with its machine-readable date for assistive tech and the browser. */
export function DateText({ value, className }: TextProps<DateInput>) {
  return (
    <time dateTime={isoDate(value)} className={className}>
      {formatDate(value)}
    </time>
  );
}

/** A time of day as HH:mm, at the school. */
export function TimeText({ value, className }: TextProps<TimeInput>) {
  return (
    <time dateTime={isoTime(value)} className={className}>
      {formatTime(value)}
    </time>
  );
}

/** A moment as DD-MM-YYYY HH:mm, at the school; the machine-readable form carries the Rome offset. */
export function DateTimeText({ value, className }: TextProps<DateInput>) {
  return (
    <time dateTime={isoDateTime(value)} className={className}>
      {formatDateTime(value)}
    </time>
  );
}
