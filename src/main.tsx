import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import '@fontsource/titillium-web/latin-400.css';
import '@fontsource/titillium-web/latin-600.css';
import '@fontsource/titillium-web/latin-700.css';
import './ui/tokens.css';
import { activateLocale, initialLocale } from './i18n/locale';
import { createQueryClient } from './api/queryClient';
import { createSession } from './runtime';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
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

await activateLocale(initialLocale());

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
