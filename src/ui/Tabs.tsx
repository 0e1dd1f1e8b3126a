import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  /** Beside the label, e.g. `<Badge count={2} label="non letti" />`. */
  badge?: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

interface TabsProps {
  items: readonly TabItem[];
  /** Names the tab list for screen readers ("Periodo"). */
  label: string;
  /** Controlled: the open tab; with `onValueChange`. */
  value?: string;
  /** Uncontrolled: the tab open at first (otherwise the first). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Mount a panel's content only while it is open (default), so hidden panels fetch nothing. */
  lazy?: boolean;
  className?: string;
}

/** Tabs with the ARIA pattern and keyboard of Ark UI: arrows move between tabs, Home/End to the ends. */
export function Tabs({ items, label, value, defaultValue, onValueChange, lazy = true, className }: TabsProps) {
  return (
    <ArkTabs.Root
      className={[styles.tabs, className].filter(Boolean).join(' ')}
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items[0]?.value : undefined)}
      onValueChange={onValueChange ? ({ value: next }) => onValueChange(next) : undefined}
      lazyMount={lazy}
      unmountOnExit={lazy}
    >
      <ArkTabs.List className={styles.list} aria-label={label}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className={styles.tab}>
            {item.label}
            {item.badge != null && <> {item.badge}</>}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value} className={styles.panel}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
