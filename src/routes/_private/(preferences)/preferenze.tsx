import { createFileRoute } from '@tanstack/react-router';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import {
  preferencesQuery,
  savePreferencesMutation,
} from '../../../api/queries/preferences';
import { childIncluded, isClockTime, NOTICE_KINDS, withChild } from '../../../domain/preferences';
import type { NoticeKind, UserPreferences } from '../../../domain/records';
import { pushActors } from '../../../machines/pushActors';
import { pushSubscriptionMachine } from '../../../machines/pushSubscription.machine';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { CheckboxField, RadioGroupField } from '../../../ui/ChoiceField';
import { TextField } from '../../../ui/TextField';
import { RouteError } from '../../-app/RouteError';
import { apiErrorMessage } from '../../-shared/messages';
import { useSessionActor } from '../../-shared/session';
import page from '../../-shared/Page.module.css';
import styles from './-components/Preferences.module.css';

export const Route = createFileRoute('/_private/(preferences)/preferenze')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(preferencesQuery()),
  component: PreferencesPage,
  errorComponent: RouteError,
});

function PreferencesPage() {
  const { t, i18n } = useLingui();
  const { data } = useSuspenseQuery(preferencesQuery());
  const [draft, setDraft] = useState<UserPreferences>(() => ({ notifiche: data.notifiche, nascondi_medie: data.nascondi_medie, lingua: data.lingua }));
  const save = useMutation({ ...savePreferencesMutation(), meta: { errorDialog: false } });
  const setNotices = (n: Partial<UserPreferences['notifiche']>) => {
    save.reset();
    setDraft((d) => ({ ...d, notifiche: { ...d.notifiche, ...n } }));
  };
  const timesValid =
    isClockTime(draft.notifiche.silenzio.dalle) && isClockTime(draft.notifiche.silenzio.alle) && isClockTime(draft.notifiche.riepilogo_ora);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!timesValid) return;
    save.mutate({ ...draft, lingua: i18n.locale === 'en' ? 'en' : 'it' }, { onSuccess: (saved) => setDraft(saved) });
  };

  return (
    <div className={page.page}>
      <h1>
        <Trans>Preferenze</Trans>
      </h1>
      {!data.kept && (
        <Alert tone="info">
          <Trans>La scuola non conserva ancora le preferenze: le notifiche non sono disponibili.</Trans>
        </Alert>
      )}
      <section className={page.card} aria-labelledby="notifiche">
        <h2 id="notifiche">
          <Trans>Notifiche</Trans>
        </h2>
        {data.kept && <PushControl />}
      </section>
      <form onSubmit={onSubmit} className={styles.form} noValidate>
        <section className={page.card} aria-labelledby="cosa-notificare">
          <h2 id="cosa-notificare">
            <Trans>Cosa notificare</Trans>
          </h2>
          <fieldset className={styles.group}>
            <legend>
              <Trans>Avvisami per</Trans>
            </legend>
            {NOTICE_KINDS.map((kind) => (
              <CheckboxField
                key={kind}
                label={<KindLabel kind={kind} />}
                checked={draft.notifiche.tipi[kind]}
                onChange={(on) => setNotices({ tipi: { ...draft.notifiche.tipi, [kind]: on } })}
              />
            ))}
          </fieldset>
          <ChildrenChoice draft={draft} onChange={(d) => (save.reset(), setDraft(d))} />
          <RadioGroupField
            label={t`Quando`}
            name="modalita"
            value={draft.notifiche.modalita}
            onChange={(v) => setNotices({ modalita: v === 'riepilogo' ? 'riepilogo' : 'subito' })}
            options={[
              { value: 'subito', label: t`Subito, una notifica per ogni novità` },
              { value: 'riepilogo', label: t`Un solo riepilogo al giorno` },
            ]}
          />
          {draft.notifiche.modalita === 'subito' ? (
            <div className={styles.group}>
              <CheckboxField
                label={t`Ore di silenzio`}
                hint={t`Nessuna notifica in queste ore; alla fine arriva un riepilogo.`}
                checked={draft.notifiche.silenzio.attivo}
                onChange={(on) => setNotices({ silenzio: { ...draft.notifiche.silenzio, attivo: on } })}
              />
              {draft.notifiche.silenzio.attivo && (
                <div className={styles.times}>
                  <TextField
                    label={t`Dalle`}
                    type="time"
                    value={draft.notifiche.silenzio.dalle}
                    error={isClockTime(draft.notifiche.silenzio.dalle) ? undefined : t`Indica un orario`}
                    onChange={(e) => setNotices({ silenzio: { ...draft.notifiche.silenzio, dalle: e.target.value } })}
                  />
                  <TextField
                    label={t`Alle`}
                    type="time"
                    value={draft.notifiche.silenzio.alle}
                    error={isClockTime(draft.notifiche.silenzio.alle) ? undefined : t`Indica un orario`}
                    onChange={(e) => setNotices({ silenzio: { ...draft.notifiche.silenzio, alle: e.target.value } })}
                  />
                </div>
              )}
            </div>
          ) : (
            <TextField
              label={t`Ora del riepilogo`}
              type="time"
              value={draft.notifiche.riepilogo_ora}
              error={isClockTime(draft.notifiche.riepilogo_ora) ? undefined : t`Indica un orario`}
              onChange={(e) => setNotices({ riepilogo_ora: e.target.value })}
            />
          )}
          <CheckboxField
            label={t`Mostra i dettagli`}
            hint={t`Il voto, il testo della nota o del messaggio compaiono nella notifica, anche a schermo bloccato.`}
            checked={draft.notifiche.mostra_dettagli}
            onChange={(on) => setNotices({ mostra_dettagli: on })}
          />
        </section>
        <section className={page.card} aria-labelledby="medie">
          <h2 id="medie">
            <Trans>Medie</Trans>
          </h2>
          <CheckboxField
            label={t`Nascondi le medie`}
            hint={t`Nessuna media in Home, nei voti e nel simulatore.`}
            checked={draft.nascondi_medie}
            onChange={(on) => (save.reset(), setDraft((d) => ({ ...d, nascondi_medie: on })))}
          />
        </section>
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending || !data.kept}>
            {save.isPending ? t`Salvataggio…` : t`Salva preferenze`}
          </Button>
          {save.isSuccess && (
            <Alert tone="success">
              <Trans>Preferenze salvate.</Trans>
            </Alert>
          )}
          {save.isError && <SaveFailure error={save.error} />}
        </div>
      </form>
    </div>
  );
}

function SaveFailure({ error }: { error: unknown }) {
  const { t } = useLingui();
  const reason = t(apiErrorMessage(error));
  return (
    <Alert tone="error">
      <Trans>Preferenze non salvate: {reason}</Trans>
    </Alert>
  );
}

function KindLabel({ kind }: { kind: NoticeKind }) {
  switch (kind) {
    case 'voti':
      return <Trans>Nuovi voti</Trans>;
    case 'note':
      return <Trans>Note disciplinari</Trans>;
    case 'assenze':
      return <Trans>Assenze e ritardi</Trans>;
    case 'messaggi':
      return <Trans>Comunicazioni e messaggi</Trans>;
    case 'colloqui':
      return <Trans>Colloqui</Trans>;
    case 'pagamenti':
      return <Trans>Pagamenti</Trans>;
    case 'mense':
      return <Trans>Mensa</Trans>;
  }
}

function ChildrenChoice({ draft, onChange }: { draft: UserPreferences; onChange: (d: UserPreferences) => void }) {
  const session = useSessionActor();
  const students = useSelector(session, (s) => s.context.students);
  return (
    <fieldset className={styles.group}>
      <legend>
        <Trans>Per</Trans>
      </legend>
      {students.map((s) => {
        const child = { id_scuola: s.id_scuola, id_studente: s.id };
        return (
          <CheckboxField
            key={`${s.id_scuola}-${s.id}`}
            label={`${s.nome} ${s.cognome}`}
            checked={childIncluded(draft, child)}
            onChange={(on) => onChange(withChild(draft, child, on))}
          />
        );
      })}
    </fieldset>
  );
}

/** This browser's notices: on only after a click (the permission prompt comes from it, never on load). */
function PushControl() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const push = useActorRef(pushSubscriptionMachine.provide({ actors: pushActors(queryClient) }));
  const state = useSelector(push, (s) => s.value);
  switch (state) {
    case 'checking':
      return (
        <p role="status">
          <Trans>Verifica delle notifiche su questo browser…</Trans>
        </p>
      );
    case 'unsupported':
      return (
        <Alert tone="info">
          <Trans>Questo browser non può ricevere notifiche.</Trans>
        </Alert>
      );
    case 'denied':
      return (
        <Alert tone="warning">
          <Trans>Le notifiche sono bloccate per questo sito: puoi riattivarle dalle impostazioni del browser.</Trans>
        </Alert>
      );
    case 'notAsked':
    case 'asking':
      return (
        <div className={styles.push}>
          <p>
            <Trans>Le notifiche sono spente su questo browser. Il browser chiederà il permesso dopo il clic.</Trans>
          </p>
          <Button onClick={() => push.send({ type: 'push.enable' })} disabled={state === 'asking'}>
            {state === 'asking' ? t`Attivazione in corso…` : t`Attiva le notifiche su questo browser`}
          </Button>
        </div>
      );
    case 'subscribed':
    case 'unsubscribing':
      return (
        <div className={styles.push}>
          <Alert tone="success">
            <Trans>Le notifiche sono attive su questo browser.</Trans>
          </Alert>
          <Button variant="secondary" onClick={() => push.send({ type: 'push.disable' })} disabled={state === 'unsubscribing'}>
            {state === 'unsubscribing' ? t`Disattivazione in corso…` : t`Disattiva le notifiche su questo browser`}
          </Button>
        </div>
      );
    default:
      return (
        <div className={styles.push}>
          <Alert tone="error">
            <Trans>Non è stato possibile cambiare le notifiche su questo browser.</Trans>
          </Alert>
          <div className={styles.buttons}>
            <Button onClick={() => push.send({ type: 'push.retry' })}>
              <Trans>Riprova</Trans>
            </Button>
            <Button variant="secondary" onClick={() => push.send({ type: 'push.disable' })}>
              <Trans>Disattiva le notifiche su questo browser</Trans>
            </Button>
          </div>
        </div>
      );
  }
}
