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
import { formatDate } from '../../../../i18n/format';
import { DateText, DateTimeText, TimeText } from '../../../../ui/DateTime';
import { EmptyState } from '../../../../ui/States';
import { Table, type Column } from '../../../../ui/Table';
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

/** Register events with their symbol and colour (docs/product.md#absences), always said in words too. */
export function AbsenceTable({ absences, reasons, selected, onToggle, locked }: AbsenceTableProps) {
  const { t, i18n } = useLingui();
  const reasonName = (a: Absence) => {
    const list = reasons[reasonListOf(a)];
    return list.find((r) => r.codice === a.tipo_giustificazione)?.descrizione ?? null;
  };
  const kindOf = (a: Absence) => i18n._(KIND_LABEL[absenceKind(a)]);
  const colour = (a: Absence) => STATUS_COLOUR[justificationStatus(a)];

  const choice: Column<Absence>[] = selected
    ? [
        {
          key: 'scelta',
          header: <span className="visually-hidden">{t`Da giustificare`}</span>,
          // The checkbox says what it chooses in its own name.
          stackedLabel: false,
          compact: 'control',
          cell: (a) => {
            if (!isJustifiable(a)) return null;
            const kindLabel = kindOf(a);
            const date = formatDate(a.data);
            return (
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
            );
          },
        },
      ]
    : [];
  const columns: Column<Absence>[] = [
    ...choice,
    { key: 'simbolo', header: t`Simbolo`, compact: 'lead', cell: (a) => <span className={`${styles.symbol} ${styles[colour(a)]}`}>{a.simbolo}</span> },
    {
      key: 'tipo',
      header: t`Tipo`,
      compact: 'title',
      cell: (a) => (
        <>
          {kindOf(a)}
          {a.prenotazione && (
            // A line of its own, and phrasing content: on a phone it is inside the row's button.
            <span className={styles.mutedLine}>
              <Trans>Prenotata</Trans>
            </span>
          )}
        </>
      ),
    },
    { key: 'data', header: t`Data`, compact: 'meta', cell: (a) => <DateText value={a.data} /> },
    {
      key: 'orario',
      header: t`Orario`,
      compact: 'meta',
      cell: (a) => (a.orario ? <TimeText value={a.orario} /> : <span aria-hidden="true">—</span>),
      compactCell: (a) => (a.orario ? <TimeText value={a.orario} /> : null),
    },
    {
      key: 'stato',
      header: t`Stato`,
      compact: 'meta',
      cell: (a) => <span className={`${styles.status} ${styles[colour(a)]}`}>{i18n._(STATUS_LABEL[justificationStatus(a)])}</span>,
    },
    {
      key: 'giustificazione',
      header: t`Giustificazione`,
      cell: (a) => {
        if (justificationStatus(a) !== 'justified') return null;
        const reason = reasonName(a);
        return (
          <>
            {reason && <strong>{reason}</strong>}
            {reason && a.motivazione && ': '}
            {a.motivazione}
            {a.data_giustificazione && (
              <p className={styles.muted}>
                <Trans>
                  Inviata il <DateTimeText value={a.data_giustificazione} />
                </Trans>
              </p>
            )}
          </>
        );
      },
    },
  ];

  return (
    <Table
      columns={columns}
      rows={absences}
      rowKey={(a) => a.id}
      rowAttributes={(a) => ({ 'data-absence-id': a.id })}
      caption={t`Assenze, ritardi e uscite`}
      captionHidden
      empty={
        <EmptyState>
          <Trans>Nessuna assenza, ritardo o uscita nel periodo scelto.</Trans>
        </EmptyState>
      }
    />
  );
}
