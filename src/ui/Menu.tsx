import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Fragment, type ReactNode } from 'react';
import styles from './Menu.module.css';

export interface MenuItem {
  value: string;
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
}

export interface MenuGroup {
  /** The heading of a group ("Altri studenti"). */
  group: ReactNode;
  items: readonly MenuItem[];
}

/** A line between the entries before and after it. */
export const MENU_SEPARATOR = { separator: true } as const;

export type MenuEntry = MenuItem | MenuGroup | typeof MENU_SEPARATOR;

interface MenuProps {
  /** What the trigger button shows; a "▾" follows it. Add visually hidden words if it alone is unclear. */
  trigger: ReactNode;
  entries: readonly MenuEntry[];
  triggerClassName?: string;
}

const isSeparator = (e: MenuEntry): e is typeof MENU_SEPARATOR => 'separator' in e;
const isGroup = (e: MenuEntry): e is MenuGroup => 'group' in e;

const itemsOf = (entries: readonly MenuEntry[]) => entries.flatMap((e) => (isSeparator(e) ? [] : isGroup(e) ? e.items : [e]));

/**
 * A button that opens a list of actions (Ark UI menu: arrows move, Enter chooses, Escape closes and
 * returns focus to the button, typing a letter jumps to an item).
 */
export function Menu({ trigger, entries, triggerClassName }: MenuProps) {
  const renderItem = (item: MenuItem) => (
    <ArkMenu.Item key={item.value} value={item.value} disabled={item.disabled} className={styles.item}>
      {item.label}
    </ArkMenu.Item>
  );
  return (
    <ArkMenu.Root
      lazyMount
      unmountOnExit
      onSelect={({ value }) => itemsOf(entries).find((i) => i.value === value)?.onSelect()}
    >
      <ArkMenu.Trigger className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}>
        {trigger} <span aria-hidden="true">▾</span>
      </ArkMenu.Trigger>
      <ArkMenu.Positioner>
        <ArkMenu.Content className={styles.content}>
          {entries.map((entry, i) =>
            isSeparator(entry) ? (
              <ArkMenu.Separator key={`separator-${i}`} className={styles.separator} />
            ) : isGroup(entry) ? (
              <ArkMenu.ItemGroup key={`group-${i}`}>
                <ArkMenu.ItemGroupLabel className={styles.groupLabel}>{entry.group}</ArkMenu.ItemGroupLabel>
                {entry.items.map(renderItem)}
              </ArkMenu.ItemGroup>
            ) : (
              <Fragment key={entry.value}>{renderItem(entry)}</Fragment>
            ),
          )}
        </ArkMenu.Content>
      </ArkMenu.Positioner>
    </ArkMenu.Root>
  );
}
