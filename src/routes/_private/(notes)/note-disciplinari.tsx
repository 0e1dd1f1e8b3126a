import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { acknowledgeDisciplinaryNoteMutation, disciplinaryNotesQuery, type DisciplinaryNote } from '../../../api/queries/notes';
import { filterBySubjectAndPeriod, NO_FILTER, sortTags } from '../../../domain/notes';
import { newestFirst } from '../../../domain/dated';
import { formatDate, formatDateTime } from '../../../i18n/format';
import { requireSection } from '../../-shared/guards';
import { AcknowledgeButton } from '../../-shared/AcknowledgeButton';
import { FilteredListPage } from '../../-shared/FilteredListPage';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { Filters } from '../../-shared/ItemFilters';
import page from '../../-shared/Page.module.css';
import styles from './-components/Notes.module.css';
import { hasService } from '../../../domain/services';

export const Route = createFileRoute('/_private/(notes)/note-disciplinari')({
  beforeLoad: ({ context }) => requireSection('/note-disciplinari', context),
  loader: ({ context: { queryClient, scope } }) => queryClient.ensureQueryData(disciplinaryNotesQuery(scope)),
  component: DisciplinaryNotesPage,
  errorComponent: RouteError,
});

function DisciplinaryNotesPage() {
  const { scope, studentInfo } = useStudent();
  const { data: notes } = useSuspenseQuery(disciplinaryNotesQuery(scope));
  const [filter, setFilter] = useState(NO_FILTER);
  const shown = newestFirst(filterBySubjectAndPeriod(notes, filter, studentInfo.periodi_scolastici));
  // docs/product.md#notes: acknowledging notes depends on the school's presa_visione_note service.
  const canAcknowledge = hasService(studentInfo.servizi, 'presa_visione_note');

  return (
    <FilteredListPage
      title={<Trans>Note disciplinari</Trans>}
      hasItems={notes.length > 0}
      empty={<Trans>Nessuna nota disciplinare registrata.</Trans>}
      filters={<Filters value={filter} onChange={setFilter} periods={studentInfo.periodi_scolastici} shown={shown.length} />}
      hasMatches={shown.length > 0}
      noMatch={<Trans>Nessuna nota per il periodo scelto.</Trans>}
    >
      <ul className={styles.list}>
        {shown.map((note) => (
          <NoteCard key={note.id} note={note} canAcknowledge={canAcknowledge} />
        ))}
      </ul>
    </FilteredListPage>
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
  const { scope } = useStudent();
  if (note.presa_visione && note.data_presa_visione) {
    const when = formatDateTime(note.data_presa_visione);
    return (
      <p className={styles.done}>
        <Trans>Presa visione il {when}</Trans>
      </p>
    );
  }
  const date = formatDate(note.data);
  return (
    <AcknowledgeButton
      mutation={acknowledgeDisciplinaryNoteMutation(scope, note.id)}
      hiddenLabel={<Trans>della nota del {date}</Trans>}
      failure={(reason) => <Trans>Presa visione non registrata: {reason}</Trans>}
    />
  );
}
