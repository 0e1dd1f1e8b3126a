import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import '@fontsource/titillium-web/latin-400.css';
import '@fontsource/titillium-web/latin-600.css';
import '@fontsource/titillium-web/latin-700.css';
import './ui/tokens.css';
import { activateLocale, initialLocale } from './i18n/locale';
import { createErrorEvents } from './api/errorEvents';
import { createQueryClient } from './api/queryClient';
import { apiErrorDialogMachine } from './machines/apiErrorDialog.machine';
import { updateBannerMachine } from './machines/updateBanner.machine';
import {
  checkForWorkerUpdate,
  fetchDeployedVersion,
  installChunkRecovery,
  registerServiceWorker,
  reloadIntoNewVersion,
} from './pwa';
import { createSession, createSessionRevalidation } from './runtime';
import { createAppRouter } from './router';
import { ApiErrorDialogContext } from './routes/-app/ApiErrorDialog';
import { UpdateBannerContext } from './routes/-app/UpdateBanner';

/**
 * Raised on `window` when a call fails with 400 or 401 (spec §8 "failed token verification"); the
 * session listens: it validates the token once with the server and signs out if that fails.
 */
const TOKEN_VERIFICATION_FAILED_EVENT = 'portale:token-verification-failed';

const errorEvents = createErrorEvents();
const queryClient = createQueryClient(errorEvents);
const session = createSession(queryClient);
const router = createAppRouter({ queryClient, session });

// When the session ends on its own (expired, refused refresh), leave the private area at once.
let wasSignedIn = false;
session.subscribe((s) => {
  if (s.matches({ authenticated: 'signedIn' })) wasSignedIn = true;
  else if (s.matches('signedOut') && wasSignedIn) {
    wasSignedIn = false;
    void router.navigate({ to: '/login', replace: true });
  }
});

const revalidateSession = createSessionRevalidation(session);
window.addEventListener(TOKEN_VERIFICATION_FAILED_EVENT, () => void revalidateSession());

const signOut = () => {
  session.send({ type: 'session.signOut' });
  void router.navigate({ to: '/login', replace: true });
};

const apiErrorDialog = createActor(
  apiErrorDialogMachine.provide({
    actions: {
      goHome: () => void router.navigate({ to: '/home' }),
      signOut,
      reloadPage: () => window.location.reload(),
      notifyTokenVerificationFailed: () => window.dispatchEvent(new CustomEvent(TOKEN_VERIFICATION_FAILED_EVENT)),
    },
  }),
).start();
errorEvents.subscribe((report) => apiErrorDialog.send({ type: 'apiError.raised', ...report }));

const updateBanner = createActor(
  updateBannerMachine.provide({
    actors: { fetchVersion: fromPromise(fetchDeployedVersion) },
    actions: { checkForWorkerUpdate, signOut, reloadPage: reloadIntoNewVersion },
  }),
  { input: { currentVersion: __APP_VERSION__ } },
).start();
window.addEventListener('focus', () => updateBanner.send({ type: 'window.focused' }));
void registerServiceWorker({
  onUpdateWaiting: () => updateBanner.send({ type: 'sw.updateWaiting' }),
  onUpdateActivated: () => updateBanner.send({ type: 'sw.updateActivated' }),
});
installChunkRecovery(router);

await activateLocale(initialLocale());

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiErrorDialogContext.Provider value={apiErrorDialog}>
          <UpdateBannerContext.Provider value={updateBanner}>
            <RouterProvider router={router} />
          </UpdateBannerContext.Provider>
        </ApiErrorDialogContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
