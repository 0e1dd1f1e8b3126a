import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import type { SessionError } from '../../machines/session.machine';
import { takeAppVerifier } from '../../api/mobileBinding';
import { Alert } from '../../ui/Alert';
import { Skeleton } from '../../ui/States';
import { sessionErrorMessage } from '../-shared/messages';
import { useSessionActor } from '../-shared/session';
import { GlobalLoader } from '../-app/GlobalLoader';
import { MobileCart } from './-components/MobileCart';
import { MobileShop, MobileStatement } from './-components/MobilePayments';
import { tellApp } from './-components/outcome';
import { MobileOutcomePage } from './-components/MobileOutcome';
import styles from './-components/Mobile.module.css';

/**
 * The mobile pages' errors (docs/product.md#mobile-pages): unauthorised access, missing parameters, invalid token, token validation
 * error, initialisation error, student data error. The code's own failures keep the sign-in's
 * words; whatever else stops the page after the code was accepted is an initialisation error.
 */
type MobileError = 'accesso_non_autorizzato' | 'parametri_mancanti' | 'token_non_valido' | 'token_scaduto' | 'validazione_token' | 'inizializzazione' | 'dati_studente';

function mobileErrorOf(error: SessionError): MobileError {
  switch (error.kind) {
    case 'mobileMissingCode':
      return 'parametri_mancanti';
    case 'mobileInvalidCode':
      return 'token_non_valido';
    case 'mobileUnauthorized':
      return 'accesso_non_autorizzato';
    case 'mobileExpiredCode':
    case 'sessionExpired':
      return 'token_scaduto';
    case 'mobileFailed':
      return 'validazione_token';
    case 'studentData':
      return 'dati_studente';
    default:
      return 'inizializzazione';
  }
}

const MOBILE_ERRORS: Record<Exclude<MobileError, 'parametri_mancanti' | 'token_non_valido' | 'validazione_token'>, MessageDescriptor> = {
  accesso_non_autorizzato: msg`Accesso non autorizzato: apri questa pagina dall'app della scuola.`,
  token_scaduto: msg`Il collegamento è scaduto o è già stato usato: apri di nuovo questa pagina dall'app della scuola`,
  inizializzazione: msg`Errore di inizializzazione della pagina: riprova dall'app della scuola`,
  dati_studente: msg`Errore nel caricamento dei dati dello studente: riprova dall'app della scuola`,
};

/** The pages the mobile app embeds (docs/product.md#mobile-pages): no sign-in, a single-use code from the app instead. */
const PAGES = {
  'estratto-conto': msg`Estratto conto`,
  negozio: msg`Negozio`,
  carrello: msg`Carrello`,
} as const;
type Page = keyof typeof PAGES;
const isPage = (v: string): v is Page => v in PAGES;
const CODE = /^[A-Za-z0-9_-]{1,200}$/;

interface MobileSearch {
  codice?: string;
  /** /mobile/esito only: how the page ended, and the checkout's id (docs/mobile.md). */
  stato?: unknown;
  id?: unknown;
}

export const Route = createFileRoute('/mobile/$pagina')({
  beforeLoad: async ({ params, context }) => {
    if (!isPage(params.pagina) && params.pagina !== 'esito') throw notFound();
    return { queryClient: await context.queries.load() };
  },
  // Only the code is read here: the outcome's words are read by its lazy page, off /login's bundle.
  validateSearch: ({ codice, ...rest }: Record<string, unknown>): MobileSearch =>
    typeof codice === 'string' && CODE.test(codice) ? { ...rest, codice } : rest,
  component: MobileRoute,
});

/** The outcome address shares the route: one route less on the sign-in page's bundle. */
function MobileRoute() {
  const { pagina } = Route.useParams();
  const search = Route.useSearch();
  const { queryClient } = Route.useRouteContext();
  if (pagina === 'esito') return <MobileOutcomePage stato={search.stato} id={search.id} />;
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalLoader />
      <MobilePage />
    </QueryClientProvider>
  );
}

function MobilePage() {
  const { i18n } = useLingui();
  const { pagina } = Route.useParams();
  const { codice } = Route.useSearch();
  const navigate = useNavigate();
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.matches({ authenticated: 'signedIn' }));
  const busy = useSelector(session, (s) => s.matches('signingIn') || s.matches('validating') || s.matches('booting') || s.matches({ authenticated: 'loadingStudent' }));
  const error = useSelector(session, (s) => s.context.error);
  const student = useSelector(session, (s) => s.context.students.find((st) => st.id === s.context.scope?.id_studente));
  const servizi = useSelector(session, (s) => s.context.studentInfo?.servizi);
  const title = i18n._(PAGES[pagina as Page]);

  // The code is single-use: it leaves the address bar (and history) before it is exchanged. Only
  // with the verifier the app handed over: without it this is a forwarded link, and the page says
  // access is not authorised without trying (docs/mobile.md).
  useEffect(() => {
    if (!codice) return;
    void navigate({ to: '/mobile/$pagina', params: { pagina }, search: {}, replace: true });
    const verificatore = takeAppVerifier();
    if (verificatore && !session.getSnapshot().matches({ authenticated: 'signedIn' })) {
      session.send({ type: 'session.signIn', credentials: { kind: 'mobile', codice, verificatore } });
    }
  }, [codice, pagina, navigate, session]);

  const scope = useSelector(session, (s) => s.context.scope);
  const failure: MobileError | null = busy || codice ? null : error ? mobileErrorOf(error) : !signedIn ? 'accesso_non_autorizzato' : null;

  // The app learns of an error screen too, so it can offer a new code.
  useEffect(() => {
    if (failure) tellApp({ tipo: 'portale-famiglie.esito', versione: 1, pagina, stato: 'errore', id_transazione: null, importo: null, errore: failure });
  }, [failure, pagina]);

  let body;
  if (busy || codice) body = <Skeleton lines={4} label={i18n._(msg`Accesso in corso…`)} />;
  else if (failure) {
    const own = error && (failure === 'parametri_mancanti' || failure === 'token_non_valido' || failure === 'validazione_token') ? sessionErrorMessage(error) : null;
    const message = own ?? MOBILE_ERRORS[failure as keyof typeof MOBILE_ERRORS];
    body = <Alert tone="error">{typeof message === 'string' ? message : i18n._(message)}</Alert>;
  }
  else if (servizi?.pagamenti !== true)
    body = (
      <Alert tone="warning">
        <Trans>Questa sezione è stata temporanemante disabilitata da parte della scuola</Trans>
      </Alert>
    );
  else if (pagina === 'carrello' && scope && student) {
    const classe = student.anni.find((a) => a.id === scope.anno)?.classe ?? null;
    body = <MobileCart scope={scope} student={{ nome: student.nome, cognome: student.cognome, classe }} />;
  } else if (pagina === 'estratto-conto' && scope) body = <MobileStatement scope={scope} />;
  else if (pagina === 'negozio' && scope) body = <MobileShop scope={scope} />;
  else body = <Skeleton lines={4} />;

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {signedIn && student && (
          <p>
            {student.nome} {student.cognome}
          </p>
        )}
      </header>
      {body}
    </main>
  );
}
