import { createFileRoute } from '@tanstack/react-router';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  fetchTeachingMaterialAttachment,
  teachingMaterialsQuery,
  type TeachingMaterial,
  type TeachingMaterialAttachment,
} from '../../../api/queries/lessons';
import { subjectsQuery } from '../../../api/queries/student';
import { filterBySubjectAndRange, groupBySubject } from '../../../domain/agenda';
import { newestFirst } from '../../../domain/dated';
import { formatDate } from '../../../i18n/format';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/States';
import { SubjectLabel } from '../../../ui/SubjectLabel';
import { requireSection } from '../../-shared/guards';
import { apiErrorMessage } from '../../-shared/messages';
import { RouteError } from '../../-app/RouteError';
import { useStudent } from '../../-shared/session';
import { saveBlob } from '../../-shared/download';
import { LessonFilters } from './-components/Filters';
import { cleanSearch } from './-components/search';
import { rangeOf, validateRangeSearch, type RangeSearch } from '../../-shared/rangeSearch';
import page from '../../-shared/Page.module.css';
import styles from './-components/Lessons.module.css';

export const Route = createFileRoute('/_private/(lessons)/materiale_didattico')({
  validateSearch: validateRangeSearch,
  beforeLoad: ({ context }) => requireSection('/materiale_didattico', context),
  loader: ({ context: { queryClient, scope } }) =>
    Promise.all([queryClient.ensureQueryData(teachingMaterialsQuery(scope)), queryClient.ensureQueryData(subjectsQuery(scope))]),
  component: MaterialsPage,
  errorComponent: RouteError,
});

function MaterialsPage() {
  const { t } = useLingui();
  const { scope } = useStudent();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: materials } = useSuspenseQuery(teachingMaterialsQuery(scope));
  const { data: subjects } = useSuspenseQuery(subjectsQuery(scope));

  const update = (patch: Partial<RangeSearch>) =>
    void navigate({ search: (prev) => cleanSearch({ ...prev, ...patch }), replace: true });

  // By subject in the school's order, each subject's newest first.
  const groups = groupBySubject(
    newestFirst(filterBySubjectAndRange(materials, { subjectId: search.materia, range: rangeOf(search) })),
    subjects,
  );

  return (
    <div className={page.page}>
      <h1>
        <Trans>Materiale didattico</Trans>
      </h1>
      <LessonFilters search={search} onChange={update} subjects={subjects} />
      {groups.length === 0 ? (
        <EmptyState>
          <Trans>Nessun materiale didattico per i filtri scelti.</Trans>
        </EmptyState>
      ) : (
        groups.map(({ id_materia, subject, items }) => (
          <section key={id_materia} className={page.card} aria-labelledby={`materiale-${id_materia}`}>
            <h2 id={`materiale-${id_materia}`} className={styles.groupTitle}>
              <SubjectLabel name={subject?.descrizione ?? t`Altra materia`} subject={subject ?? undefined} />
            </h2>
            <ul className={styles.list}>
              {items.map((m) => (
                <Material key={m.id} material={m} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

function Material({ material }: { material: TeachingMaterial }) {
  const shared = formatDate(material.data);
  return (
    <li className={styles.item}>
      <h3 className={styles.subjectTitle}>{material.titolo}</h3>
      <p className={styles.meta}>
        <Trans>Condiviso il {shared}</Trans>
      </p>
      <p>{material.descrizione}</p>
      {material.allegati.length > 0 && (
        <ul className={styles.attachments} aria-label={material.titolo}>
          {material.allegati.map((a) => (
            <Attachment key={a.url} attachment={a} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Attachment({ attachment }: { attachment: TeachingMaterialAttachment }) {
  const { i18n } = useLingui();
  const { scope } = useStudent();
  const download = useMutation({
    mutationFn: () => fetchTeachingMaterialAttachment(scope, attachment),
    onSuccess: (blob) => saveBlob(blob, attachment.nome),
    // The failure is shown next to the button, not in the API error dialog.
    meta: { errorDialog: false },
  });
  return (
    <li>
      <Button variant="secondary" size="small" disabled={download.isPending} onClick={() => download.mutate()}>
        {download.isPending ? <Trans>Scaricamento…</Trans> : <Trans>Scarica</Trans>}{' '}
        <span>{attachment.nome}</span>
      </Button>
      {download.isError && (
        <p role="alert" className={styles.error}>
          {i18n._(apiErrorMessage(download.error))}
        </p>
      )}
    </li>
  );
}
