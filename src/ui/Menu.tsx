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

/**
 * One choice among a few (the language, the theme): a group of radio items, the current one checked
 * (announced as such, and marked with a tick for the eye).
 */
export interface MenuChoice {
  /** The heading of the choice ("Lingua"). */
  choice: ReactNode;
  /** Tells this choice's values from any other entry's in the same menu. */
  name: string;
  value: string;
  options: readonly { value: string; label: ReactNode; lang?: string }[];
  onChange: (value: string) => void;
}

/** A line between the entries before and after it. */
export const MENU_SEPARATOR = { separator: true } as const;

export type MenuEntry = MenuItem | MenuGroup | MenuChoice | typeof MENU_SEPARATOR;

interface MenuProps {
  /** What the trigger button shows; a "▾" follows it. Add visually hidden words if it alone is unclear. */
  trigger: ReactNode;
  entries: readonly MenuEntry[];
  triggerClassName?: string;
}

const isSeparator = (e: MenuEntry): e is typeof MENU_SEPARATOR => 'separator' in e;
const isGroup = (e: MenuEntry): e is MenuGroup => 'group' in e;
const isChoice = (e: MenuEntry): e is MenuChoice => 'choice' in e;

const itemsOf = (entries: readonly MenuEntry[]) =>
  entries.flatMap((e) => (isSeparator(e) || isChoice(e) ? [] : isGroup(e) ? e.items : [e]));

const choiceValue = (choice: MenuChoice, value: string) => `${choice.name}:${value}`;

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
            ) : isChoice(entry) ? (
              <ArkMenu.RadioItemGroup
                key={`choice-${entry.name}`}
                value={choiceValue(entry, entry.value)}
                onValueChange={({ value }) => entry.onChange(value.slice(entry.name.length + 1))}
              >
                <ArkMenu.ItemGroupLabel className={styles.groupLabel}>{entry.choice}</ArkMenu.ItemGroupLabel>
                {entry.options.map((option) => (
                  <ArkMenu.RadioItem key={option.value} value={choiceValue(entry, option.value)} className={styles.item} lang={option.lang}>
                    <ArkMenu.ItemText>{option.label}</ArkMenu.ItemText>
                    <ArkMenu.ItemIndicator className={styles.indicator} aria-hidden="true">
                      ✓
                    </ArkMenu.ItemIndicator>
                  </ArkMenu.RadioItem>
                ))}
              </ArkMenu.RadioItemGroup>
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
