import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { waitFor } from 'xstate';
import { loginConfiguration, settledLoginConfiguration, signInSchool, type LoginConfiguration } from '../../api/queries/session';
import type { SignInMethod } from '../../domain/identityProviders';
import { isCompleteSession, isSettled } from '../../machines/session.machine';
import { Alert } from '../../ui/Alert';
import { Button, buttonClass } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/TextField';
import { NewTabHint } from '../../ui/NewTabHint';
import { PlainText } from '../../ui/PlainText';
import { Skeleton } from '../../ui/States';
import { LocaleSwitch } from '../-app/LocaleSwitch';
import { sessionErrorMessage } from '../-shared/messages';
import { preloadSignedIn } from '../../signedInFiles';
import { loadPageCode } from '../-shared/pageCode';
import { whenIdle } from '../-shared/whenIdle';
import { startSignedInPageCalls } from '../../api/earlyCalls';
import { useSessionActor } from '../-shared/session';
import { CieButton } from './-components/CieButton';
import { SpidButton } from './-components/SpidButton';
import styles from './-components/Login.module.css';

/** How long a signed-in parent stays on this page while the destination's data is read (then its skeleton). */
const DESTINATION_WAIT_MS = 1500;

/** Only a path of this portal may be the place to return to after sign-in. */
const safeRedirect = (v: unknown) => (typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? v : undefined);

interface LoginSearch {
  redirect?: string;
  /** The school whose page this is, on a server of several schools (the reference server's demo). */
  scuola?: string;
  /** The single-use code the SPID identity provider hands back; removed from the address at once. */
  spid?: string;
  /** The same for a sign-in with the CIE. */
  cie?: string;
  /** Back without a code: cancelled by the person, or failed at the provider. */
  spid_errore?: ProviderError;
  cie_errore?: ProviderError;
}
type ProviderError = 'annullato' | 'fallito';
const providerError = (v: unknown): ProviderError | undefined => (v === 'annullato' || v === 'fallito' ? v : undefined);
const SIGN_IN_CODE = /^[A-Za-z0-9_-]{1,200}$/;
const SCHOOL_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export const Route = createFileRoute('/(auth)/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const to = safeRedirect(search.redirect);
    return {
      ...(to ? { redirect: to } : {}),
      ...(typeof search.scuola === 'string' && SCHOOL_ID.test(search.scuola) ? { scuola: search.scuola } : {}),
      ...(typeof search.spid === 'string' && SIGN_IN_CODE.test(search.spid) ? { spid: search.spid } : {}),
      ...(typeof search.cie === 'string' && SIGN_IN_CODE.test(search.cie) ? { cie: search.cie } : {}),
      ...(providerError(search.spid_errore) ? { spid_errore: providerError(search.spid_errore) } : {}),
      ...(providerError(search.cie_errore) ? { cie_errore: providerError(search.cie_errore) } : {}),
    };
  },
  beforeLoad: async ({ context, search }) => {
    // The school's settings travel with the page, not after it (main.tsx starts it on a first visit).
    loginConfiguration(search.scuola).catch(() => undefined);
    const snapshot = await waitFor(context.session, isSettled);
    if (isCompleteSession(snapshot)) throw redirect({ href: search.redirect ?? '/home', replace: true });
  },
  component: LoginPage,
});

type ConfigurationState = { isPending: true; data?: undefined } | { isPending: false; data?: LoginConfiguration };

/** The school's settings for the page: drawn at once when their answer is already here. */
function useLoginConfiguration(school: string | undefined): ConfigurationState {
  const [state, setState] = useState<ConfigurationState>(() => {
    const settled = settledLoginConfiguration(school);
    return settled ? { isPending: false, data: settled } : { isPending: true };
  });
  useEffect(() => {
    let shown = true;
    loginConfiguration(school).then(
      (data) => shown && setState({ isPending: false, data }),
      () => shown && setState({ isPending: false }),
    );
    return () => {
      shown = false;
    };
  }, [school]);
  return state;
}

function LoginPage() {
  const { t, i18n } = useLingui();
  const session = useSessionActor();
  const navigate = useNavigate();
  const { redirect: returnTo, spid: spidCode, cie: cieCode, spid_errore: spidError, cie_errore: cieError, scuola } = Route.useSearch();
  const config = useLoginConfiguration(scuola);
  const signedIn = useSelector(session, isCompleteSession);
  const signingIn = useSelector(session, (s) => s.matches('signingIn') || s.matches({ authenticated: 'loadingStudent' }));
  /** Signing in, or signed in and leaving for the destination. */
  const busy = signingIn || signedIn;
  /** Between a click on SPID or CIE and the browser leaving for the provider. */
  const starting = useSelector(session, (s) => s.matches('leavingForProvider'));
  const sessionError = useSelector(session, (s) => s.context.error);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [noSchool, setNoSchool] = useState(false);

  // Back to this page with the browser's Back button, from its cache, while it was leaving for the
  // provider: start afresh rather than keep the buttons waiting for a page that has gone.
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted && session.getSnapshot().matches('leavingForProvider')) window.location.reload();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [session]);

  // Signed in: the destination's data is read while this page still shows the sign-in under way,
  // then the page opens complete, instead of drawing its skeleton to replace it a moment later. A
  // destination slower than DESTINATION_WAIT_MS opens with its skeleton meanwhile.
  const router = useRouter();
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    const href = returnTo ?? '/home';
    const waited = new Promise((done) => setTimeout(done, DESTINATION_WAIT_MS));
    // The router builds the location from `href` as `navigate` does; its types ask for `to` here.
    const preloaded = router.preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
    void Promise.race([preloaded, waited]).then(() => {
      if (current) void navigate({ href, replace: true });
    });
    return () => {
      current = false;
    };
  }, [signedIn, navigate, returnTo, router]);

  // The sign-in has answered: the student's calls and then the destination's start now, instead of
  // after the session's own work on the answer and once the student's info is in (api/earlyCalls.ts).
  const answered = useSelector(session, (s) => s.matches({ authenticated: 'loadingStudent' }));
  useEffect(() => {
    if (!answered) return;
    const { token, user, scope, students } = session.getSnapshot().context;
    if (token && user && scope) startSignedInPageCalls(returnTo ?? '/home', { token, user, scope, students });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: the destination is the one it was signed in for
  }, [answered]);

  /**
   * Once a parent starts signing in, the files of the page the sign-in leads to are asked for in one
   * wave (src/early.ts), while they type or while the provider's code is used, instead of in waves
   * after the answer; then, at the browser's next idle moment, that code is run (loadPageCode), so
   * that "Accedi" does not wait for it either. Nothing more is loaded while /login only shows.
   */
  const destinationLoading = useRef(false);
  const preloadDestination = () => {
    if (destinationLoading.current) return;
    destinationLoading.current = true;
    const destination = returnTo ?? '/home';
    preloadSignedIn(destination);
    whenIdle(() => loadPageCode(router, destination));
  };

  /** This page again, with only what it keeps: where to go after sign-in, and the school. */
  const thisPage = { ...(returnTo ? { redirect: returnTo } : {}), ...(scuola ? { scuola } : {}) };

  // Back from the identity provider: the code or the outcome leaves the address bar (and history)
  // before the session uses it, so a reload or the Back button cannot replay it.
  const method = spidCode || spidError ? 'spid' : cieCode || cieError ? 'cie' : null;
  const code = spidCode ?? cieCode;
  const outcome = spidError ?? cieError;
  useEffect(() => {
    if (!method) return;
    void navigate({ to: '/login', search: thisPage, replace: true });
    if (code) preloadDestination();
    if (outcome) {
      session.send({ type: 'session.providerReturned', method, outcome });
      return;
    }
    // Loaded only by a SPID or CIE sign-in: /login's JavaScript budget is for what the page shows.
    void import('../../api/spidBinding').then(({ takeSpidVerifier }) =>
      session.send({ type: 'session.signIn', credentials: { kind: method, codice: code!, verificatore: takeSpidVerifier() } }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per return: the page's own address is what changes next
  }, [method, code, outcome]);

  /**
   * Leaves for the identity provider (SPID: the one chosen, `idp`; CIE: the Ministry's), which comes
   * back to this page (same school, same place to return to) with a code bound to this tab.
   */
  function startProvider(start: SignInMethod, idp?: string) {
    const back = new URLSearchParams(thisPage).toString();
    session.send({ type: 'session.providerStart', start: { method: start, ...(idp ? { idp } : {}), returnTo: back ? `/login?${back}` : '/login' } });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const school = signInSchool(scuola, config.data);
    // Neither the address, the deployment nor the school's settings say which school this is.
    setNoSchool(!school);
    if (!school) return;
    session.send({ type: 'session.signIn', credentials: { kind: 'password', school, username: username.trim(), password } });
  }

  const settings = config.data;
  // Until the settings arrive only their place is kept; without them (a failed call) the form stays.
  const passwordLogin = !config.isPending && (settings?.login_username_password ?? true);
  const spid = settings?.login_spid ?? false;
  const cie = settings?.login_cie ?? false;
  const error = missing
    ? t`Inserire codice utente e password`
    : noSchool
      ? t`Errore configurazione parametri scuola`
      : sessionError
        ? sessionErrorMessage(sessionError)
        : null;

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.header}>
          <p className={styles.brand}>
            <Trans>Portale Famiglie</Trans>
          </p>
          <LocaleSwitch />
        </div>
        <h1>
          <Trans>Accedi</Trans>
        </h1>
        {config.isPending ? (
          <Skeleton lines={1} label={t`Caricamento impostazioni della scuola…`} />
        ) : settings ? (
          <p className={styles.school}>{settings.nome_scuola}</p>
        ) : (
          <Alert tone="warning">
            <Trans>Errore configurazione parametri scuola</Trans>
          </Alert>
        )}

        {error && <Alert tone="error">{typeof error === 'string' ? error : i18n._(error)}</Alert>}

        {config.isPending ? (
          // The place of the SPID and CIE buttons, so the page does not move when they arrive.
          <div className={styles.providersPending} />
        ) : (
          (spid || cie) && (
            <div className={styles.providers}>
              {spid && <SpidButton onStart={startProvider} busy={busy || starting} />}
              {cie && <CieButton onStart={startProvider} busy={busy || starting} />}
            </div>
          )
        )}

        {passwordLogin && (spid || cie) && (
          <p className={styles.or}>
            <span>
              <Trans>oppure</Trans>
            </span>
          </p>
        )}
        {!config.isPending && !passwordLogin && (
          <p className={styles.only}>
            <Trans>La scuola consente l'accesso solo con SPID o CIE.</Trans>
          </p>
        )}

        {passwordLogin && (
          <form onSubmit={submit} noValidate aria-busy={busy} onFocus={preloadDestination} onPointerDown={preloadDestination}>
            <TextField
              label={t`Codice utente`}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              error={missing && !username.trim() ? t`Campo obbligatorio` : null}
            />
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={missing && !password ? t`Campo obbligatorio` : null}
            />
            <Button type="submit" className={styles.submit} disabled={busy}>
              {busy ? t`Accesso in corso…` : t`Accedi`}
            </Button>
          </form>
        )}

        {settings?.recupera_password && (
          <p>
            <a href={settings.recupera_password} target="_blank" rel="noopener noreferrer">
              <Trans>Hai dimenticato la password?</Trans>
              <NewTabHint />
            </a>
          </p>
        )}

        {settings?.disclaimer_login_username_password && (
          <PlainText className={styles.disclaimer} html={settings.disclaimer_login_username_password} />
        )}
        {settings?.url_scuola && (
          <p className={styles.school}>
            <a href={settings.url_scuola} className={buttonClass('ghost')} target="_blank" rel="noopener noreferrer">
              <Trans>Sito della scuola</Trans>
              <NewTabHint />
            </a>
          </p>
        )}
      </div>
    </main>
  );
}
