import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useEffect } from 'react';
import { Alert } from '../../ui/Alert';
import { EmptyState, Skeleton } from '../../ui/States';
import { sessionErrorMessage } from '../-shared/messages';
import { useSessionActor } from '../-shared/session';
import styles from './-components/Mobile.module.css';

/** The pages the mobile app embeds (spec §1, §2): no sign-in, a single-use code from the app instead. */
const PAGES = {
  'estratto-conto': msg`Estratto conto`,
  negozio: msg`Negozio`,
  carrello: msg`Carrello`,
} as const;
type Page = keyof typeof PAGES;
const isPage = (v: string): v is Page => v in PAGES;
const CODE = /^[A-Za-z0-9_-]{1,200}$/;

export const Route = createFileRoute('/mobile/$pagina')({
  beforeLoad: ({ params }) => {
    if (!isPage(params.pagina)) throw notFound();
  },
  validateSearch: (search: Record<string, unknown>): { codice?: string } =>
    typeof search.codice === 'string' && CODE.test(search.codice) ? { codice: search.codice } : {},
  component: MobilePage,
});

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

  // The code is single-use: it leaves the address bar (and history) before it is exchanged.
  useEffect(() => {
    if (!codice) return;
    void navigate({ to: '/mobile/$pagina', params: { pagina }, search: {}, replace: true });
    if (!session.getSnapshot().matches({ authenticated: 'signedIn' })) {
      session.send({ type: 'session.signIn', credentials: { kind: 'mobile', codice } });
    }
  }, [codice, pagina, navigate, session]);

  let body;
  if (busy || codice) body = <Skeleton lines={4} label={i18n._(msg`Accesso in corso…`)} />;
  else if (error) {
    const message = sessionErrorMessage(error);
    body = <Alert tone="error">{typeof message === 'string' ? message : i18n._(message)}</Alert>;
  }
  else if (!signedIn)
    body = (
      <Alert tone="error">
        <Trans>Accesso non autorizzato: apri questa pagina dall'app della scuola.</Trans>
      </Alert>
    );
  else if (servizi?.pagamenti !== true)
    body = (
      <Alert tone="warning">
        <Trans>Questa sezione è stata temporanemante disabilitata da parte della scuola</Trans>
      </Alert>
    );
  else
    body = (
      <EmptyState>
        <Trans>Questa sezione è in preparazione e sarà disponibile a breve.</Trans>
      </EmptyState>
    );

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
