import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { shuffled, SPID_PROVIDERS, type SignInMethod } from '../../../domain/identityProviders';
import { NewTabHint } from '../../../ui/NewTabHint';
import { SpidMark } from './SignInMarks';
import styles from './SignInButtons.module.css';

interface SpidButtonProps {
  onStart: (method: SignInMethod, idp?: string) => void;
  /** A sign-in is already running: the button waits and its list stays closed. */
  busy?: boolean;
}

/** The guideline's three links below the providers, on AgID's site. */
const SPID_LINKS = {
  info: 'https://www.spid.gov.it',
  request: 'https://www.spid.gov.it/cos-e-spid/come-attivare-spid/',
  help: 'https://www.spid.gov.it/serve-aiuto/',
} as const;

/**
 * "Entra con SPID" and its list of identity providers, built to AgID's "SPID – pulsante di accesso"
 * (italia/spid-sp-access-button, medium size): #0066CC, white Titillium text, the SPID mark at the
 * left (our own drawing), a drop-down right under the button with every accredited provider in a
 * new random order at each load, then "Maggiori informazioni", "Non hai SPID?" and "Serve aiuto?".
 * The official package is not published on npm, so this follows its look, not its code.
 *
 * A disclosure (WAI-ARIA APG), not a menu: the list holds buttons and links. Enter or Space toggles
 * it, the arrow keys (and Home/End) move through its entries as Tab and Shift+Tab do, Escape closes
 * it and brings focus back to the button, and a click or focus outside closes it.
 */
export function SpidButton({ onStart, busy = false }: SpidButtonProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [providers] = useState(() => shuffled(SPID_PROVIDERS));
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const shown = open && !busy;

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
  function focusEntry(index: number) {
    if (!shown) flushSync(() => setOpen(true));
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
      focusEntry(onButton ? (down ? 0 : -1) : current + (down ? 1 : -1));
    } else if ((e.key === 'Home' || e.key === 'End') && current >= 0) {
      e.preventDefault();
      focusEntry(e.key === 'Home' ? 0 : -1);
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
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.mark}>
          <SpidMark />
        </span>
        <span className={styles.label}>
          <Trans>Entra con SPID</Trans>
        </span>
      </button>
      <div ref={panelRef} id={panelId} className={styles.panel} hidden={!shown}>
        <ul className={styles.providers} aria-label={t`Gestori di identità SPID`}>
          {providers.map(({ id, name }) => (
            <li key={id}>
              <button type="button" className={styles.provider} aria-label={t`Accedi con ${name}`} data-idp={id} onClick={() => choose(id)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
        <ul className={styles.links}>
          <li>
            <a href={SPID_LINKS.info} target="_blank" rel="noopener noreferrer">
              <Trans>Maggiori informazioni</Trans>
              <NewTabHint />
            </a>
          </li>
          <li>
            <a href={SPID_LINKS.request} target="_blank" rel="noopener noreferrer">
              <Trans>Non hai SPID?</Trans>
              <NewTabHint />
            </a>
          </li>
          <li>
            <a href={SPID_LINKS.help} target="_blank" rel="noopener noreferrer">
              <Trans>Serve aiuto?</Trans>
              <NewTabHint />
            </a>
          </li>
        </ul>
      </div>
    </div>
  );
}
