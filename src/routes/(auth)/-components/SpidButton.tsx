import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { SignInMethod } from '../../../domain/identityProviders';
import type { SpidPanel as Panel } from './SpidPanel';
import { SpidMark } from './SignInMarks';
import styles from './SignInButtons.module.css';
import { whenIdle } from '../../-shared/whenIdle';

interface SpidButtonProps {
  onStart: (method: SignInMethod, idp?: string) => void;
  /** A sign-in is already running: the button waits and its list stays closed. */
  busy?: boolean;
}

let panelLoading: Promise<typeof Panel> | undefined;
/** The list's code (`SpidPanel`), asked for once; a failed load is asked for again next time. */
function loadPanel(): Promise<typeof Panel> {
  panelLoading ??= import('./SpidPanel').then(
    (m) => m.SpidPanel,
    (error: unknown) => {
      panelLoading = undefined;
      throw error;
    },
  );
  return panelLoading;
}

/**
 * "Entra con SPID" and its list of identity providers, built to AgID's "SPID – pulsante di accesso"
 * (italia/spid-sp-access-button, medium size): #0066CC, white Titillium text, the SPID mark at the
 * left (our own drawing), a drop-down right under the button with every accredited provider in a
 * new random order at each load, then "Maggiori informazioni", "Non hai SPID?" and "Serve aiuto?".
 * The official package is not published on npm, so this follows its look, not its code. The list
 * is `SpidPanel`, whose code loads when the button is pointed at, focused or pressed, or once the
 * page is idle: /login's first load carries the button only.
 *
 * A disclosure (WAI-ARIA APG), not a menu: the list holds buttons and links. Enter or Space toggles
 * it, the arrow keys (and Home/End) move through its entries as Tab and Shift+Tab do, Escape closes
 * it and brings focus back to the button, and a click or focus outside closes it.
 */
export function SpidButton({ onStart, busy = false }: SpidButtonProps) {
  const [open, setOpen] = useState(false);
  const [List, setList] = useState<typeof Panel | null>(null);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const shown = open && !busy;
  /** Asks for the list's code and draws it once here; a failed load (offline) leaves it to the next intent. */
  const load = () => loadPanel().then((list) => setList(() => list), () => undefined);

  useEffect(() => whenIdle(() => void load()), []);

  useEffect(() => {
    if (!shown) return;
    const outside = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [shown]);

  const entries = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? []);

  /** Opens the list (at once, so its entries can take focus) and focuses the entry at `index` (negative: from the end). */
  async function focusEntry(index: number) {
    if (!List) await load();
    flushSync(() => setOpen(true));
    const all = entries();
    all.at(((index % all.length) + all.length) % all.length)?.focus();
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (busy) return;
    const current = entries().indexOf(e.target as HTMLElement);
    const onButton = e.target === buttonRef.current;
    if (e.key === 'Escape' && shown) {
      e.preventDefault();
      close();
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && (onButton || current >= 0)) {
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      void focusEntry(onButton ? (down ? 0 : -1) : current + (down ? 1 : -1));
    } else if ((e.key === 'Home' || e.key === 'End') && current >= 0) {
      e.preventDefault();
      void focusEntry(e.key === 'Home' ? 0 : -1);
    }
  }

  /** Focus gone somewhere else on the page (Tab past the last link, say): the list closes. */
  function onBlur(e: FocusEvent<HTMLDivElement>) {
    if (e.relatedTarget && !rootRef.current?.contains(e.relatedTarget)) setOpen(false);
  }

  function choose(idp: string) {
    close();
    onStart('spid', idp);
  }

  return (
    <div ref={rootRef} className={styles.spid} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={shown}
        aria-controls={panelId}
        disabled={busy}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => {
          setOpen((o) => !o);
          void load();
        }}
      >
        <span className={styles.mark}>
          <SpidMark />
        </span>
        <span className={styles.label}>
          <Trans>Entra con SPID</Trans>
        </span>
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!shown}>
        {List && <List onChoose={choose} />}
      </div>
    </div>
  );
}
