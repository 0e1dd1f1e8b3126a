import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { electionsQuery } from '../../../api/queries/schoolServices';
import type { Election } from '../../../domain/records';
import { sortElections } from '../../../domain/workExperience';
import { Badge } from '../../../ui/Badge';
import { DateTimeText } from '../../../ui/DateTime';
import { EmptyState } from '../../../ui/States';
import { requireSection } from '../../-shared/guards';
import { useStudent } from '../../-shared/session';
import { RouteError } from '../../-app/RouteError';
import page from '../../-shared/Page.module.css';
import styles from './-components/School.module.css';

export const Route = createFileRoute('/_private/(school)/elezioni')({
  beforeLoad: ({ context }) => requireSection('/elezioni', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(electionsQuery(scope)),
  component: ElectionsPage,
  errorComponent: RouteError,
});

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

function ElectionsPage() {
  const { scope } = useStudent();
  const { data } = useSuspenseQuery(electionsQuery(scope));
  const elections = sortElections(data);
  return (
    <div className={page.page}>
      <h1>
        <Trans>Elezioni</Trans>
      </h1>
      {elections.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna elezione per quest'anno scolastico.</Trans>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {elections.map((e) => (
            <ElectionCard key={e.id} election={e} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ElectionCard({ election: e }: { election: Election }) {
  const { t } = useLingui();
  const open = e.stato === 'APERTA';
  const headingId = `elezione-${e.id}`;
  const voters: Record<string, string> = { genitori: t`Genitori`, studenti: t`Studenti`, tutti: t`Genitori e studenti` };
  return (
    <li className={`${page.card} ${open ? styles.open : ''}`} data-elezione={e.id}>
      <article className={styles.item} aria-labelledby={headingId}>
        <h2 id={headingId}>{e.titolo}</h2>
        <p className={styles.meta}>
          {open ? (
            <Badge tone="success">{t`Votazioni in corso`}</Badge>
          ) : e.stato === 'PROGRAMMATA' ? (
            <Badge tone="info">{t`Programmata`}</Badge>
          ) : (
            <Badge tone="neutral">{t`Chiusa`}</Badge>
          )}{' '}
          {e.organo}
        </p>
        {e.descrizione && <p>{e.descrizione}</p>}
        <dl className={styles.facts}>
          <dt>
            <Trans>Si vota</Trans>
          </dt>
          <dd>
            <Trans>
              dal <DateTimeText value={e.data_inizio} /> al <DateTimeText value={e.data_fine} />
            </Trans>
          </dd>
          {e.luogo && (
            <>
              <dt>
                <Trans>Luogo</Trans>
              </dt>
              <dd>{e.luogo}</dd>
            </>
          )}
          {e.elettorato && (
            <>
              <dt>
                <Trans>Elettorato</Trans>
              </dt>
              <dd>{voters[e.elettorato] ?? e.elettorato}</dd>
            </>
          )}
          {e.preferenze_max !== null && (
            <>
              <dt>
                <Trans>Preferenze</Trans>
              </dt>
              <dd>
                <Trans>al massimo {e.preferenze_max}</Trans>
              </dd>
            </>
          )}
        </dl>
        {e.liste.length > 0 && (
          <>
            <h3>
              <Trans>Liste e candidati</Trans>
            </h3>
            <ul className={styles.lists}>
              {e.liste.map((l) => (
                <li key={l.numero}>
                  <h4>
                    {ROMAN[l.numero - 1] ?? l.numero} · {l.nome}
                  </h4>
                  {l.motto && <p className={styles.meta}>«{l.motto}»</p>}
                  <ol>
                    {l.candidati.map((c, i) => (
                      <li key={i}>
                        {c.cognome} {c.nome}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ul>
          </>
        )}
      </article>
    </li>
  );
}
