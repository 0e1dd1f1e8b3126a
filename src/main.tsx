import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import './ui/fonts.css';
import './ui/tokens.css';
import { activateLocale, initialLocale } from './i18n/locale';
import { applySavedTheme } from './ui/theme';
import { CLIENT_TIMEOUT_MS } from './api/client';
import { createErrorEvents } from './api/errorEvents';
import { createQueryClientLoader } from './api/queryClientLoader';
import { loginConfiguration } from './api/queries/session';
import { installChunkRecovery } from './chunkRecovery';
import { createSession, createSessionRevalidation } from './runtime';
import { createAppRouter } from './router';
import { ApiErrorDialogActorContext, loadApiErrorDialogView, type ApiErrorDialogActor } from './routes/-app/ApiErrorDialog';
import type { ApiErrorReport } from './api/errorEvents';
import { RunningUpdateBannerContext, type RunningUpdateBanner } from './routes/-app/UpdateBanner';
import { afterPageIdle } from './routes/-app/afterPage';
import { loadPageCode } from './routes/-shared/pageCode';

/**
 * Raised on `window` when a call fails with 400 or 401 (docs/product.md#sign-in-and-session); the
 * session listens: it validates the token once with the server and signs out if that fails.
 */
const TOKEN_VERIFICATION_FAILED_EVENT = 'portale:token-verification-failed';

// The theme chosen on this device, before anything renders (ui/theme.ts; no inline script may do it).
applySavedTheme();

const errorEvents = createErrorEvents();
const queries = createQueryClientLoader(errorEvents);
const session = createSession(queries);

const revalidateSession = createSessionRevalidation(session);
window.addEventListener(TOKEN_VERIFICATION_FAILED_EVENT, () => void revalidateSession());
const router = createAppRouter({ queries, session });
const appRoot = document.getElementById('app')!;
const root = createRoot(appRoot);
let localeReady = false;

// When the session ends on its own (expired, refused refresh), leave the private area at once.
let wasSignedIn = false;
session.subscribe((s) => {
  if (s.matches({ authenticated: 'signedIn' })) wasSignedIn = true;
  else if (s.matches('signedOut') && wasSignedIn) {
    wasSignedIn = false;
    void router.navigate({ to: '/login', replace: true });
  }
});

const signOut = () => {
  session.send({ type: 'session.signOut' });
  void router.navigate({ to: '/login', replace: true });
};

// The dialog's actor is loaded once the first page is drawn, or at the first failure if sooner; the
// failures until it runs wait for it in order (src/apiErrorDialog.ts). Its view's code comes with
// it: the dialog never waits on the network to show, and a view that could not arrive (the line
// dropped just then) is not drawn to fail into the page's error state, losing what was typed. A
// load that failed is tried again at the next failure, or when the line is back.
let apiErrorDialog: ApiErrorDialogActor | null = null;
let updateBanner: RunningUpdateBanner | null = null;
const waitingReports: ApiErrorReport[] = [];
let dialogLoading: Promise<void> | undefined;
function loadApiErrorDialog() {
  dialogLoading ??= Promise.all([import('./apiErrorDialog'), loadApiErrorDialogView()]).then(([{ startApiErrorDialog }]) => {
    const actor = startApiErrorDialog({
      goHome: () => void router.navigate({ to: '/home' }),
      signOut,
      reloadPage: () => window.location.reload(),
      notifyTokenVerificationFailed: () => window.dispatchEvent(new CustomEvent(TOKEN_VERIFICATION_FAILED_EVENT)),
    });
    for (const report of waitingReports.splice(0)) actor.send({ type: 'apiError.raised', ...report });
    apiErrorDialog = actor;
    render();
  });
  dialogLoading.catch(() => (dialogLoading = undefined));
  return dialogLoading;
}
errorEvents.subscribe((report) => {
  if (apiErrorDialog) apiErrorDialog.send({ type: 'apiError.raised', ...report });
  else {
    waitingReports.push(report);
    loadApiErrorDialog().catch(() => undefined);
  }
});

installChunkRecovery(router);

// The sign-in page shows the school's settings: ask for them now, not once it has rendered (the
// reference server has the browser fetch them with the page, and this call takes that answer;
// in-app visits start the same request in the route's beforeLoad).
if (window.location.pathname === '/login') loginConfiguration().catch(() => undefined);
// Every other first page shows screens: their query cache and the page's own route chunks load now,
// while the session is restored, not once the area's guard lets the router ask for them (
// Home's request chain).
else loadPageCode(router, window.location.pathname);

await activateLocale(initialLocale());
localeReady = true;

// One element for the whole routed app: when the dialog's or the banner's actor arrives, React sees
// the same element and re-renders only what reads those contexts, not every page (a
// re-render of the page after its first paint was a long task).
const routedApp = <RouterProvider router={router} />;

function render() {
  // A failure while the messages load is shown once they are there.
  if (!localeReady) return;
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ApiErrorDialogActorContext.Provider value={apiErrorDialog}>
          <RunningUpdateBannerContext.Provider value={updateBanner}>{routedApp}</RunningUpdateBannerContext.Provider>
        </ApiErrorDialogActorContext.Provider>
      </I18nProvider>
    </StrictMode>,
  );
}
render();

// The update banner, version polling and service worker, and the API error dialog start once the
// first page has been drawn and the browser is idle: nothing of them is needed to show it
// (src/appUpdates.ts), and on a cold load their files and their work came before the page's own
// paint. A page whose call hangs still gets them once a call would have failed. Not awaited at the
// top level: those modules import this one, which must finish evaluating first.
// Files that could not arrive (the line dropped just then) are asked for again once it is back, or
// in a minute if it never dropped.
async function startAfterPage() {
  try {
    const [{ startAppUpdates }] = await Promise.all([import('./appUpdates'), loadApiErrorDialog()]);
    updateBanner ??= startAppUpdates({ signOut });
    render();
  } catch {
    const again = () => {
      window.removeEventListener('online', again);
      window.clearTimeout(timer);
      void startAfterPage();
    };
    window.addEventListener('online', again);
    const timer = window.setTimeout(again, 60_000);
  }
}
void (async () => {
  if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
  await new Promise<void>((drawn) => afterPageIdle(router, drawn, { settleMs: CLIENT_TIMEOUT_MS }));
  await startAfterPage();
})();
