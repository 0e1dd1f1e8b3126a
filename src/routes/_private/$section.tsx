import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { findSection } from '../../domain/services';
import { REFACTOR_ROUTES } from '../-shared/features';
import { EmptyState } from '../../ui/States';
import { requireSection } from '../-shared/guards';
import { SECTION_LABELS } from '../-shared/navLabels';
import styles from '../-shared/Page.module.css';

/** Sections of spec §2 whose screen is not built yet: guarded like the real ones, never a blank page. */
export const Route = createFileRoute('/_private/$section')({
  beforeLoad: ({ params, context }) => requireSection(`/${params.section}`, context),
  component: SectionInPreparation,
});

function SectionInPreparation() {
  const { i18n } = useLingui();
  const { section } = Route.useParams();
  const path = findSection(`/${section}`, { refactorRoutes: REFACTOR_ROUTES })!.path as keyof typeof SECTION_LABELS;
  return (
    <div className={styles.page}>
      <h1>{i18n._(SECTION_LABELS[path])}</h1>
      <EmptyState>
        <Trans>Questa sezione è in preparazione e sarà disponibile a breve.</Trans>
      </EmptyState>
    </div>
  );
}
