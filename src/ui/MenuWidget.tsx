import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Fragment, useLayoutEffect, useRef } from 'react';
import type { MENU_SEPARATOR, MenuChoice, MenuEntry, MenuGroup, MenuItem, MenuProps, MenuReplay } from './Menu';

const isSeparator = (e: MenuEntry): e is typeof MENU_SEPARATOR => 'separator' in e;
const isGroup = (e: MenuEntry): e is MenuGroup => 'group' in e;
const isChoice = (e: MenuEntry): e is MenuChoice => 'choice' in e;

const itemsOf = (entries: readonly MenuEntry[]) =>
  entries.flatMap((e) => (isSeparator(e) || isChoice(e) ? [] : isGroup(e) ? e.items : [e]));

const choiceValue = (choice: MenuChoice, value: string) => `${choice.name}:${value}`;

interface MenuWidgetProps extends MenuProps {
  /**
   * What the plain button stood for until this loaded (ui/Menu.tsx): whether it had the focus, and
   * the press it received, if any. Read once, when this first mounts, and replayed on this trigger
   * so the menu opens exactly as if it had been here from the start. The focus moves as this
   * mounts, the press a task later.
   */
  takeReplay: () => MenuReplay;
  /** ui/Menu.module.css, handed on by ui/Menu.tsx: imported here too, it would be a file of its own. */
  styles: Readonly<Record<string, string>>;
}

/**
 * The menu itself (Ark UI menu: arrows move, Enter chooses, Escape closes and returns focus to the
 * button, typing a letter jumps to an item), loaded by ui/Menu.tsx on first intent or once the page
 * is idle.
 */
export function MenuWidget({ trigger, entries, triggerClassName, takeReplay, styles }: MenuWidgetProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // What is still to replay: a second run of the effect (React's strict mode) takes nothing new.
  const pending = useRef<MenuReplay | null>(null);
  useLayoutEffect(() => {
    const taken = takeReplay();
    if (taken.focused || taken.press) pending.current = taken;
    const replay = pending.current;
    const button = triggerRef.current;
    if (!replay || !button) return;
    // The focus moves before the browser handles any other input: a key pressed now would
    // otherwise land on the page, the plain button having just left it.
    button.focus();
    const { press } = replay;
    if (!press) {
      pending.current = null;
      return;
    }
    // The press in a task of its own: it may still be on its way through the page (a click whose
    // target, the plain button, has just left), and Ark would take it for a click outside the menu
    // it opened. Ark's own handlers take it: a click opens; Enter, Space and the arrows open with
    // an item highlighted.
    const timer = window.setTimeout(() => {
      pending.current = null;
      if (press === 'click') button.click();
      else button.dispatchEvent(new KeyboardEvent('keydown', { key: press, bubbles: true, cancelable: true }));
    });
    return () => window.clearTimeout(timer);
  }, [takeReplay]);
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
      <ArkMenu.Trigger ref={triggerRef} className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}>
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
