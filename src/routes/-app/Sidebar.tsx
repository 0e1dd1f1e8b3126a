import { Link } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { updatesQuery } from '../../api/queries/student';
import { isSectionOpen, SECTIONS, type NavGroup } from '../../domain/services';
import { badgeCount, initialsOf, isHiddenByUpdates } from '../../domain/sidebar';
import { GROUP_LABELS, SECTION_LABELS, sectionLink } from '../-shared/navLabels';
import { useStudent } from '../-shared/session';
import { useCart } from '../-shared/cart';
import { useLoadedData } from '../-shared/Loaded';
import { useIdleAfterPage } from './useIdleAfterPage';
import styles from './AppLayout.module.css';

const GROUPS: NavGroup[] = ['home', 'didattica', 'servizi', 'amministrazione'];
/**
 * The Novità count, with Novità's rules and calls, is fetched once the page is drawn and the browser
 * idle (NewsBadge.tsx); an aid: if its file cannot be fetched (offline), the entry has no count.
 */
const NewsBadge = lazy(() => import('./NewsBadge').catch(() => ({ default: (): ReactNode => null })));

/**
 * docs/product.md#navigation: four groups; an entry shows when its service is on for the student and it
 * belongs to the student's messenger version, and not when the updates mark it as not visible;
 * each can carry a badge with its count of updates. Minimised, entries show their initials and
 * keep their full name for screen readers and as a tooltip.
 */
export function Sidebar({ minimised, onNavigate }: { minimised: boolean; onNavigate: () => void }) {
  const { i18n } = useLingui();
  const { studentInfo, student, scope } = useStudent();
  const updates = useLoadedData(updatesQuery(scope));
  const cart = useCart();
  const idle = useIdleAfterPage();

  return GROUPS.map((group) => {
    const entries = SECTIONS.filter(
      (s) => s.group === group && isSectionOpen(s, studentInfo.servizi, student.versione_messenger) && !isHiddenByUpdates(s.service, updates),
    );
    if (entries.length === 0) return null;
    const headingId = `gruppo-${group}`;
    return (
      <section key={group} aria-labelledby={headingId} className={styles.group}>
        <h2 id={headingId} className={group === 'home' || minimised ? 'visually-hidden' : styles.groupTitle}>
          {i18n._(GROUP_LABELS[group])}
        </h2>
        <ul>
          {entries.map((s) => {
            const label = i18n._(SECTION_LABELS[s.path]);
            return (
              <li key={s.path}>
                <Link
                  {...sectionLink(s.path)}
                  className={styles.navLink}
                  activeProps={{ 'aria-current': 'page' }}
                  onClick={onNavigate}
                  title={minimised ? label : undefined}
                >
                  {minimised ? (
                    <>
                      <span aria-hidden="true" className={styles.initials}>
                        {initialsOf(label)}
                      </span>
                      <span className="visually-hidden">{label}</span>
                    </>
                  ) : (
                    <span>{label}</span>
                  )}
                  {s.path === '/carrello' && cart.count > 0 && (
                    <span className={styles.badge} data-testid="conteggio-carrello">
                      {cart.count}
                      <span className="visually-hidden">
                        {' '}
                        <Plural value={cart.count} one="articolo" other="articoli" />
                      </span>
                    </span>
                  )}
                  {s.path === '/novita' ? (
                    idle && (
                      <Suspense fallback={null}>
                        <NewsBadge>{(unseen) => <CountBadge count={unseen} testId="conteggio-novita" />}</NewsBadge>
                      </Suspense>
                    )
                  ) : (
                    <CountBadge count={badgeCount(s.service, updates)} />
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    );
  });
}

/** A sidebar entry's count of new items, said in words to screen readers; nothing at zero. */
function CountBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} data-testid={testId}>
      {count}
      <span className="visually-hidden">
        {' '}
        <Trans>novità</Trans>
      </span>
    </span>
  );
}
