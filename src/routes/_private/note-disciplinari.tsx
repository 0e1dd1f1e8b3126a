import { createFileRoute } from '@tanstack/react-router';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { acknowledgeDisciplinaryNote, disciplinaryNotesQuery, type DisciplinaryNote } from '../../api/queries/notes';
import { filterItems, newestFirst, NO_FILTER, sortTags } from '../../domain/notes';
import { formatDate, formatDateTime } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/States';
import { requireSection } from '../-components/guards';
import { actionErrorText } from '../-components/notes/errorText';
import { RouteError } from '../-components/RouteError';
import { useStudent } from '../-components/session';
import { Filters } from '../-components/notes/Filters';
import page from '../-components/Page.module.css';
import styles from '../-components/notes/Notes.module.css';

export const Route = createFileRoute('/_private/note-disciplinari')({
  beforeLoad: ({ context }) => requireSection('/note-disciplinari', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(disciplinaryNotesQuery(scope)),
  component: DisciplinaryNotesPage,
  errorComponent: RouteError,
});

function DisciplinaryNotesPage() {
  const { scope, studentInfo } = useStudent();
  const { data: notes } = useSuspenseQuery(disciplinaryNotesQuery(scope));
  const [filter, setFilter] = useState(NO_FILTER);
  const shown = newestFirst(filterItems(notes, filter, studentInfo.periodi_scolastici));
  // Spec §6: acknowledging notes depends on the school's presa_visione_note service.
  const canAcknowledge = studentInfo.servizi.presa_visione_note === true;

  return (
    <div className={page.page}>
      <h1>
        <Trans>Note disciplinari</Trans>
      </h1>
      {notes.length === 0 ? (
        <EmptyState>
          <Trans>Nessuna nota disciplinare registrata.</Trans>
        </EmptyState>
      ) : (
        <>
          <Filters value={filter} onChange={setFilter} periods={studentInfo.periodi_scolastici} shown={shown.length} />
          {shown.length === 0 ? (
            <EmptyState>
              <Trans>Nessuna nota per il periodo scelto.</Trans>
            </EmptyState>
          ) : (
            <ul className={styles.list}>
              {shown.map((note) => (
                <NoteCard key={note.id} note={note} canAcknowledge={canAcknowledge} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function NoteCard({ note, canAcknowledge }: { note: DisciplinaryNote; canAcknowledge: boolean }) {
  const { t } = useLingui();
  const date = formatDate(note.data);
  const headingId = `nota-${note.id}`;
  return (
    <li className={`${page.card} ${styles.item}`} aria-labelledby={headingId}>
      <div className={styles.itemHeader}>
        <h2 id={headingId} className={styles.itemTitle}>
          <Trans>Nota del {date}</Trans>
        </h2>
        <p className={styles.meta}>
          {note.novita && (
            <span className={styles.unread}>
              <Trans>Nuova</Trans> ·{' '}
            </span>
          )}
          {note.docente}
        </p>
      </div>
      {note.tag.length > 0 && (
        <ul className={styles.tags} aria-label={t`Tipo di nota`}>
          {sortTags(note.tag).map((tag) => (
            <li key={tag.codice} className={styles.tag}>
              {tag.descrizione}
            </li>
          ))}
        </ul>
      )}
      <p className={styles.text}>{note.dettaglio}</p>
      {canAcknowledge && <NoteAcknowledgement note={note} />}
    </li>
  );
}

function NoteAcknowledgement({ note }: { note: DisciplinaryNote }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const queryClient = useQueryClient();
  const ack = useMutation({
    mutationFn: () => acknowledgeDisciplinaryNote(queryClient, scope, note.id),
    meta: { errorDialog: false },
  });

  if (note.presa_visione && note.data_presa_visione) {
    const when = formatDateTime(note.data_presa_visione);
    return (
      <p className={styles.done}>
        <Trans>Presa visione il {when}</Trans>
      </p>
    );
  }
  const reason = ack.isError ? actionErrorText(ack.error, i18n) : null;
  const date = formatDate(note.data);
  return (
    <div>
      <Button size="small" variant="secondary" disabled={ack.isPending} onClick={() => ack.mutate()}>
        {ack.isPending ? <Trans>Invio…</Trans> : <Trans>Prendi visione</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>della nota del {date}</Trans>
        </span>
      </Button>
      {reason && (
        <p role="alert" className={styles.error}>
          <Trans>Presa visione non registrata: {reason}</Trans>
        </p>
      )}
    </div>
  );
}
