import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../../../i18n/format';

/** Period and publication day, each only when the backend gave it (real answers carry no period). */
export function ReportCardMeta({ periodo, date, className }: { periodo: string | null; date: string | null; className?: string }) {
  if (!periodo && !date) return null;
  const published = date ? formatDate(date) : '';
  return (
    <p className={className}>
      {periodo}
      {periodo && date && ' · '}
      {date && <Trans>pubblicata il {published}</Trans>}
    </p>
  );
}
