import { Combobox } from '@ark-ui/react/combobox';
import { useListCollection } from '@ark-ui/react/collection';
import { useId, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Recipient } from '../../../../domain/records';
import { RecipientsSummary } from './RecipientsSummary';
import styles from './Messages.module.css';

interface RecipientPickerProps {
  recipients: readonly Recipient[];
  value: readonly { id: string; descrizione: string }[];
  onChange: (value: { id: string; descrizione: string }[]) => void;
  error?: string | null;
}

/**
 * Recipients from the address book, grouped by `gruppo` (staff, teachers…), found by typing, picked
 * with the keyboard (arrows, Enter; Ark UI's combobox pattern); each chosen one is a chip with its
 * own remove button, and the whole choice is summarised in 30 characters.
 */
export function RecipientPicker({ recipients, value, onChange, error }: RecipientPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const summaryId = `${id}-summary`;
  const { collection, filter } = useListCollection({
    initialItems: recipients as Recipient[],
    itemToString: (r) => r.descrizione,
    itemToValue: (r) => r.id,
    groupBy: (r) => r.gruppo,
    filter: (text, query) => text.toLocaleLowerCase('it').includes(query.toLocaleLowerCase('it')),
  });
  const chosen = value.map((v) => v.id);
  const byId = useMemo(() => new Map(recipients.map((r) => [r.id, r])), [recipients]);
  const remove = (rid: string) => onChange(value.filter((v) => v.id !== rid));

  return (
    <div className={styles.combobox}>
      <Combobox.Root
        collection={collection}
        multiple
        value={chosen}
        selectionBehavior="clear"
        openOnClick
        inputBehavior="autohighlight"
        positioning={{ sameWidth: false }}
        onInputValueChange={({ inputValue }) => filter(inputValue)}
        onValueChange={({ value: ids }) =>
          onChange(ids.flatMap((rid) => value.find((v) => v.id === rid) ?? (byId.get(rid) ? [{ id: rid, descrizione: byId.get(rid)!.descrizione }] : [])))
        }
      >
        <Combobox.Label>
          {t`Destinatari`}{' '}
          <span aria-hidden="true">*</span>
          <span className="visually-hidden">{t`(obbligatorio)`}</span>
        </Combobox.Label>
        <Combobox.Control className={styles.comboControl}>
          <Combobox.Input
            className={styles.comboInput}
            placeholder={t`Scrivi per cercare`}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={[summaryId, error ? errorId : null].filter(Boolean).join(' ')}
          />
          <Combobox.Trigger className={styles.chipRemove} aria-label={t`Mostra i destinatari`}>
            <span aria-hidden="true">▾</span>
          </Combobox.Trigger>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content className={styles.comboContent}>
            {collection.size === 0 && <p className={styles.comboGroupLabel}>{t`Nessun destinatario trovato`}</p>}
            {collection.group().map(([gruppo, items]) => (
              <Combobox.ItemGroup key={gruppo}>
                <Combobox.ItemGroupLabel className={styles.comboGroupLabel}>{gruppo}</Combobox.ItemGroupLabel>
                {items.map((r) => (
                  <Combobox.Item key={r.id} item={r} className={styles.comboItem}>
                    <Combobox.ItemText>{r.descrizione}</Combobox.ItemText>
                    <Combobox.ItemIndicator>✓</Combobox.ItemIndicator>
                  </Combobox.Item>
                ))}
              </Combobox.ItemGroup>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <p id={summaryId} className={styles.meta}>
        {value.length === 0 ? t`Nessun destinatario scelto` : <RecipientsSummary text={value.map((v) => v.descrizione).join(', ')} focusable />}
      </p>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={t`Destinatari scelti`}>
          {value.map((v) => (
            <li key={v.id} className={styles.chip}>
              <span>{v.descrizione}</span>
              <button type="button" className={styles.chipRemove} onClick={() => remove(v.id)} aria-label={t`Rimuovi ${v.descrizione}`}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
