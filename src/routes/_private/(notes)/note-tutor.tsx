import { createFileRoute } from '@tanstack/react-router';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { markTutorNoteReadMutation, tutorNotesQuery, type TutorNote } from '../../../api/queries/notes';
import { filterBySubjectAndPeriod, NO_FILTER } from '../../../domain/notes';
import { Button } from '../../../ui/Button';
import { DateText } from '../../../ui/DateTime';
import { requireSection } from '../../-shared/guards';
import { FilteredListPage } from '../../-shared/FilteredListPage';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { Filters } from '../../-shared/ItemFilters';
import page from '../../-shared/Page.module.css';
import styles from './-components/Notes.module.css';
import { actionErrorText } from '../../-shared/failureText';

export const Route = createFileRoute('/_private/(notes)/note-tutor')({
  beforeLoad: ({ context }) => requireSection('/note-tutor', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(tutorNotesQuery(scope)),
  component: TutorNotesPage,
  errorComponent: RouteError,
});

function TutorNotesPage() {
  const { scope, studentInfo } = useStudent();
  const { data: notes } = useSuspenseQuery(tutorNotesQuery(scope));
  const [filter, setFilter] = useState(NO_FILTER);
  // The contract lists them newest first; the id is id_nota, so the server's order is kept.
  const shown = filterBySubjectAndPeriod(notes, filter, studentInfo.periodi_scolastici);
  const unread = notes.filter((n) => !n.letta).length;

  return (
    <FilteredListPage
      title={<Trans>Note del tutor</Trans>}
      hasItems={notes.length > 0}
      empty={<Trans>Nessuna nota del tutor per ora.</Trans>}
      intro={
        <p className={page.muted}>
          {unread === 0 ? (
            <Trans>Tutte le note sono state lette.</Trans>
          ) : unread === 1 ? (
            <Trans>1 nota da leggere.</Trans>
          ) : (
            <Trans>{unread} note da leggere.</Trans>
          )}
        </p>
      }
      filters={<Filters value={filter} onChange={setFilter} periods={studentInfo.periodi_scolastici} shown={shown.length} />}
      hasMatches={shown.length > 0}
      noMatch={<Trans>Nessuna nota per il periodo scelto.</Trans>}
    >
      <ul className={styles.list}>
        {shown.map((note) => (
          <TutorNoteCard key={note.id_nota} note={note} />
        ))}
      </ul>
    </FilteredListPage>
  );
}

function TutorNoteCard({ note }: { note: TutorNote }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const read = useMutation({ ...markTutorNoteReadMutation(scope, note.id_nota), meta: { errorDialog: false } });
  const headingId = `nota-tutor-${note.id_nota}`;
  return (
    <li className={`${page.card} ${styles.item}`} aria-labelledby={headingId}>
      <div className={styles.itemHeader}>
        <h2 id={headingId} className={styles.itemTitle}>
          {note.titolo}
        </h2>
        <p className={styles.meta}>
          <DateText value={note.data} /> · {note.tutor}
        </p>
      </div>
      <p className={styles.text}>{note.dettaglio}</p>
      {note.letta ? (
        <p className={styles.done}>
          <Trans>Letta</Trans>
        </p>
      ) : (
        <div className={styles.actions}>
          <span className={styles.unread}>
            <Trans>Da leggere</Trans>
          </span>
          <Button size="small" variant="secondary" disabled={read.isPending} onClick={() => read.mutate()}>
            {read.isPending ? <Trans>Invio…</Trans> : <Trans>Segna come letta</Trans>}
            <span className="visually-hidden">
              {' '}
              <Trans>la nota «{note.titolo}»</Trans>
            </span>
          </Button>
          {read.isError && (
            <p role="alert" className={styles.error}>
              {actionErrorText(read.error, i18n)}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
