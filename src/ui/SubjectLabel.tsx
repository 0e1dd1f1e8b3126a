import { SUBJECT_LABEL_MAX, truncateLabel } from '../domain/text';

/** A subject name cut to 30 characters; the full name stays available on hover and to screen readers. */
export function SubjectLabel({ name }: { name: string }) {
  const short = truncateLabel(name, SUBJECT_LABEL_MAX);
  if (short === name) return <>{name}</>;
  return (
    <span title={name}>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{name}</span>
    </span>
  );
}
