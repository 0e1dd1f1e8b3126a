import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
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

export interface MenuProps {
  /** What the trigger button shows; a "▾" follows it. Add visually hidden words if it alone is unclear. */
  trigger: ReactNode;
  entries: readonly MenuEntry[];
  triggerClassName?: string;
}


/** What the plain button received before the menu loaded: the focus, and a press to replay. */
export interface MenuReplay {
  focused: boolean;
  /** A click (pointer, or a key the browser turned into one), or the key that opens the menu. */
  press: 'click' | 'Enter' | ' ' | 'ArrowDown' | 'ArrowUp' | null;
}

type MenuWidgetModule = typeof import('./MenuWidget');
let widget: MenuWidgetModule | null = null;
let loading: Promise<MenuWidgetModule> | null = null;
/** The menus drawn as plain buttons, told when the code arrives. */
const waiting = new Set<() => void>();
const subscribe = (arrived: () => void) => {
  waiting.add(arrived);
  return () => void waiting.delete(arrived);
};
const loadedWidget = () => widget;

/**
 * Loads the menus' code (Ark UI's menu and what it needs). The app calls it once its first page is
 * drawn and the browser is idle (docs/ARCHITECTURE.md "Speed"); a menu's button calls it on first
 * intent. A failed load is tried again on the next intent.
 */
export function loadMenu(): Promise<MenuWidgetModule> {
  loading ??= import('./MenuWidget').then(
    (m) => {
      widget = m;
      waiting.forEach((arrived) => arrived());
      return m;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const OPENING_KEYS = new Set<string>(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A button that opens a list of actions: arrows move, Enter chooses, Escape closes and returns focus
 * to the button, typing a letter jumps to an item (ui/MenuWidget.tsx). Until the menu's code has
 * loaded (it is not needed to draw the page) the button is a plain one with the same look, name and
 * state; pointing at it, focusing or pressing it loads the code, and a press made before that is
 * replayed on the real trigger, which takes the focus if the plain button had it.
 */
export function Menu(props: MenuProps) {
  // Read from the module as React reads a store: code that arrives between this menu's drawing and
  // its subscription is not missed (a plain button left for good, its presses recorded for nothing).
  const arrived = useSyncExternalStore(subscribe, loadedWidget, loadedWidget);
  const replay = useRef<MenuReplay>({ focused: false, press: null });
  // Between a pointer's press and its click the button must stay the same element: the browser
  // sends the click to where the press began, and a button swapped in between would lose it.
  const [pressing, setPressing] = useState(false);
  const takeReplay = useCallback(() => {
    const taken = replay.current;
    replay.current = { focused: false, press: null };
    return taken;
  }, []);
  const left = useCallback((focused: boolean) => {
    replay.current.focused = focused;
  }, []);

  if (arrived && !pressing) return <arrived.MenuWidget {...props} takeReplay={takeReplay} styles={styles} />;

  // The press stays recorded when the load fails; the next intent tries again.
  const load = () => void loadMenu().catch(() => undefined);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!OPENING_KEYS.has(event.key)) return;
    // As Ark's trigger does: the key opens the menu (with an item highlighted), no click follows.
    event.preventDefault();
    replay.current.press = event.key as MenuReplay['press'];
    load();
  };
  return (
    <PlainTrigger
      className={[styles.trigger, props.triggerClassName].filter(Boolean).join(' ')}
      onLeave={left}
      onPointerEnter={load}
      onPointerDown={(event) => {
        if (event.button === 0) setPressing(true);
        load();
      }}
      // A press that ended without a click (dragged away, cancelled): the code may take its place now.
      onPointerLeave={() => setPressing(false)}
      onPointerCancel={() => setPressing(false)}
      onFocus={load}
      onKeyDown={onKeyDown}
      onClick={() => {
        setPressing(false);
        replay.current.press ??= 'click';
        load();
      }}
    >
      {props.trigger} <span aria-hidden="true">▾</span>
    </PlainTrigger>
  );
}

/**
 * The menu's button before its code arrives. As it leaves the page it records whether it had the
 * focus: read then, not when the code arrived, since the focus may reach it in between (a busy
 * device draws the swap a while later), and the real trigger must take it or it would fall to the
 * page. A component of its own: React runs its cleanup before removing its button.
 */
function PlainTrigger({ onLeave, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { onLeave: (focused: boolean) => void }) {
  const plain = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const element = plain.current;
    return () => onLeave(!!element && document.activeElement === element);
  }, [onLeave]);
  return <button ref={plain} type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" {...button} />;
}
