import { Link, Outlet, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import { resizeEventOffsets } from '../../domain/sidebar';
import { clearPrivate } from '../../domain/tabStorage';
import { prefetchScreenMessages } from '../../i18n/locale';
import { changeScope, isSwitching, studentSwitchMachine } from '../../machines/studentSwitch.machine';
import { sameScope } from '../../machines/session.machine';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { guardDoubleClicks } from '../../ui/doubleClickGuard';
import { loadMenu } from '../../ui/Menu';
import { Skeleton } from '../../ui/States';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { useIdleAfterPage } from './useIdleAfterPage';
import { PHONE_LAYOUT } from './layout';
import { LocaleSwitch } from './LocaleSwitch';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { StudentMenu } from './StudentMenu';
import { UserMenu } from './UserMenu';
import { useSessionActor, useStudent } from '../-shared/session';
import { CartProvider, useCart } from '../-shared/cart';
import { StudentSwitchProvider, type OpenForStudent } from '../-shared/studentLinks';
import styles from './AppLayout.module.css';

/** The signed-in area: its one cart (docs/product.md#payments) around the chrome and the page. */
export function AppLayout() {
  const { scope } = useStudent();
  return (
    <CartProvider scope={scope}>
      <Layout />
    </CartProvider>
  );
}

function Layout() {
  const { t } = useLingui();
  const cart = useCart();
  const router = useRouter();
  const session = useSessionActor();
  const { student, scope } = useStudent();
  const phone = useMediaQuery(PHONE_LAYOUT);
  const [navOpen, setNavOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const navToggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const resizeTimer = useRef<number>(undefined);

  const switcher = useActorRef(
    studentSwitchMachine.provide({
      actors: {
        changeScope: fromPromise(({ input }) => changeScope(session, input.scope)),
        openDestination: fromPromise(async ({ input }) => {
          await router.navigate({ href: input.to, replace: input.replace });
          // Every route reads its context (student, year, school configuration) and data again.
          await router.invalidate();
          document.getElementById('contenuto')?.focus();
        }),
      },
      actions: {
        // Drafts, the cart and pending payments belong to the previous student (docs/product.md#student-menu).
        emptyCart: () => {
          clearPrivate(sessionStorage);
          cart.send({ type: 'cart.emptied' });
        },
      },
    }),
  );
  // While the scope changes nothing of the previous student may show beside the new one.
  const switching = useSelector(switcher, isSwitching);
  // A family Home, Novità or notice item opens its screen for its child: for another child the same switch,
  // ending on that screen.
  const openForStudent = useCallback<OpenForStudent>(
    (target, href, { replace = false } = {}) => {
      if (sameScope(target, scope)) void router.navigate({ href, replace });
      else switcher.send({ type: 'switch.requested', scope: target, to: href, replace });
    },
    [router, scope, switcher],
  );
  const switchFailed = useSelector(switcher, (s) => s.matches('failed'));

  useEffect(() => () => window.clearTimeout(resizeTimer.current), []);
  // A double click acts once, on what the first click hit, even when the page moved in between.
  useEffect(() => guardDoubleClicks(document), []);

  // The top bar's menus are plain buttons until their code loads (ui/Menu.tsx), and Home shows no
  // message of the other screens (i18n/locale.ts): fetch both once the page is drawn and the browser
  // is idle, so the first page's files and calls keep the line and the next page need not wait.
  const idle = useIdleAfterPage();
  useEffect(() => {
    if (!idle) return;
    void loadMenu().catch(() => undefined);
    void prefetchScreenMessages().catch(() => undefined);
  }, [idle]);

  // On a phone the menu opens over the page: take the focus into it.
  useEffect(() => {
    if (navOpen) nav.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [navOpen]);

  function toggleMinimised() {
    setMinimised((m) => !m);
    // Charts and tables size themselves on resize: tell them while the width settles (docs/product.md#navigation).
    // Each event is timed from the one before, so a busy page still gets them 180 ms apart, not bunched.
    window.clearTimeout(resizeTimer.current);
    const offsets = resizeEventOffsets();
    const fire = (i: number) => {
      resizeTimer.current = window.setTimeout(() => {
        window.dispatchEvent(new Event('resize'));
        if (i + 1 < offsets.length) fire(i + 1);
      }, offsets[i]! - (offsets[i - 1] ?? 0));
    };
    fire(0);
  }

  function closeNavOnEscape(e: KeyboardEvent) {
    if (navOpen && e.key === 'Escape') {
      setNavOpen(false);
      navToggle.current?.focus();
    }
  }

  return (
    <div className={styles.shell} data-nav-open={navOpen} data-sidebar={minimised ? 'minimised' : 'expanded'} onKeyDown={closeNavOnEscape}>
      <a className={styles.skip} href="#contenuto">
        <Trans>Vai al contenuto</Trans>
      </a>
      <header className={styles.topbar}>
        <button
          ref={navToggle}
          type="button"
          className={styles.navToggle}
          aria-expanded={navOpen}
          aria-controls="menu-principale"
          onClick={() => setNavOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t`Menu`}</span>
        </button>
        <Link to="/home" className={styles.brand}>
          <Trans>Portale Famiglie</Trans>
        </Link>
        <StudentMenu
          switching={switching}
          onSwitch={(scope) => {
            setNavOpen(false);
            switcher.send({ type: 'switch.requested', scope });
          }}
        />
        {/* On a phone the language is in the user menu: the top bar keeps to one row. */}
        {!phone && <LocaleSwitch />}
        <UserMenu />
      </header>
      <nav id="menu-principale" ref={nav} className={styles.sidebar} aria-label={t`Menu principale`} aria-busy={switching}>
        <button
          type="button"
          className={styles.minimise}
          aria-expanded={!minimised}
          aria-controls="menu-principale-voci"
          title={minimised ? t`Espandi il menu` : t`Riduci il menu`}
          onClick={toggleMinimised}
        >
          <span aria-hidden="true">{minimised ? '»' : '«'}</span>
          <span className="visually-hidden">{t`Menu laterale`}</span>
        </button>
        {/* On a phone the menu is folded away until opened: its entries are drawn once the first page
            is (or at once if opened sooner), not in the same task as that page. */}
        <div id="menu-principale-voci">
          {!switching && (!phone || navOpen || idle) && <Sidebar minimised={minimised} onNavigate={() => setNavOpen(false)} />}
        </div>
      </nav>
      <main id="contenuto" className={styles.main} tabIndex={-1} aria-busy={switching}>
        {switchFailed && (
          <div className={styles.switchError}>
            <Alert tone="error">
              <Trans>
                Non è stato possibile caricare i dati dello studente o dell'anno scelto: restano aperti quelli di {student.nome}{' '}
                {student.cognome}. Riprova più tardi.
              </Trans>{' '}
              <Button size="small" variant="secondary" onClick={() => switcher.send({ type: 'switch.dismissed' })}>
                <Trans>Chiudi</Trans>
              </Button>
            </Alert>
          </div>
        )}
        {switching ? (
          <Skeleton lines={6} label={t`Caricamento dei dati dello studente…`} />
        ) : (
          <StudentSwitchProvider value={openForStudent}>
            <Outlet />
          </StudentSwitchProvider>
        )}
      </main>
      <footer className={styles.footer}>
        <Trans>Portale Famiglie · versione {__APP_VERSION__}</Trans>
      </footer>
      <OfflineBanner />
    </div>
  );
}
