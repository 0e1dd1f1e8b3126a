import { Trans, useLingui } from '@lingui/react/macro';
import type { Absence, AbsenceReasons } from '../../../../api/queries/absences';
import {
  absenceKind,
  isJustifiable,
  justificationStatus,
  reasonListOf,
  STATUS_COLOUR,
  type ReasonList,
} from '../../../../domain/absences';
import { formatDate, formatDateTime, formatTime } from '../../../../i18n/format';
import { EmptyState } from '../../../../ui/States';
import { KIND_LABEL, STATUS_LABEL } from './labels';
import styles from './Absences.module.css';

interface AbsenceTableProps {
  absences: Absence[];
  reasons: AbsenceReasons;
  /** Ids chosen for the justification; null when the screen offers no justification. */
  selected: ReadonlySet<number> | null;
  onToggle: (id: number, list: ReasonList, chosen: boolean) => void;
  /** While a justification is being sent, the choice cannot change. */
  locked: boolean;
}

/** Register events with their symbol and colour (spec §4), always said in words too. */
export function AbsenceTable({ absences, reasons, selected, onToggle, locked }: AbsenceTableProps) {
  const { t, i18n } = useLingui();
  if (absences.length === 0) {
    return (
      <EmptyState>
        <Trans>Nessuna assenza, ritardo o uscita nel periodo scelto.</Trans>
      </EmptyState>
    );
  }
  const reasonName = (a: Absence) => {
    const list = reasons[reasonListOf(a)];
    return list.find((r) => r.codice === a.tipo_giustificazione)?.descrizione ?? null;
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t`Assenze, ritardi e uscite`}</caption>
        <thead>
          <tr>
            {selected && (
              <th scope="col">
                <span className="visually-hidden">{t`Da giustificare`}</span>
              </th>
            )}
            <th scope="col">{t`Simbolo`}</th>
            <th scope="col">{t`Tipo`}</th>
            <th scope="col">{t`Data`}</th>
            <th scope="col">{t`Orario`}</th>
            <th scope="col">{t`Stato`}</th>
            <th scope="col">{t`Giustificazione`}</th>
          </tr>
        </thead>
        <tbody>
          {absences.map((a) => {
            const kind = absenceKind(a);
            const kindLabel = i18n._(KIND_LABEL[kind]);
            const status = justificationStatus(a);
            const colour = STATUS_COLOUR[status];
            const date = formatDate(a.data);
            const reason = reasonName(a);
            return (
              <tr key={a.id} data-absence-id={a.id}>
                {selected && (
                  <td>
                    {isJustifiable(a) && (
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        value={a.id}
                        data-lista={reasonListOf(a)}
                        checked={selected.has(a.id)}
                        disabled={locked}
                        aria-label={t`Giustifica: ${kindLabel} del ${date}`}
                        onChange={(e) => onToggle(a.id, reasonListOf(a), e.target.checked)}
                      />
                    )}
                  </td>
                )}
                <td>
                  <span className={`${styles.symbol} ${styles[colour]}`}>{a.simbolo}</span>
                </td>
                <td>
                  {kindLabel}
                  {a.prenotazione && (
                    <p className={styles.muted}>
                      <Trans>Prenotata</Trans>
                    </p>
                  )}
                </td>
                <td>{date}</td>
                <td>{a.orario ? formatTime(a.orario) : <span aria-hidden="true">—</span>}</td>
                <td>
                  <span className={`${styles.status} ${styles[colour]}`}>{i18n._(STATUS_LABEL[status])}</span>
                </td>
                <td>
                  {status === 'justified' && (
                    <>
                      {reason && <strong>{reason}</strong>}
                      {reason && a.motivazione && ': '}
                      {a.motivazione}
                      {a.data_giustificazione && (
                        <p className={styles.muted}>
                          <Trans>Inviata il {formatDateTime(a.data_giustificazione)}</Trans>
                        </p>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
