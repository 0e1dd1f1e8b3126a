import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { updatesQuery } from '../../api/queries/student';
import { isSectionOpen, SECTIONS, type NavGroup } from '../../domain/services';
import { badgeCount, initialsOf, isHiddenByUpdates } from '../../domain/sidebar';
import { GROUP_LABELS, SECTION_LABELS, sectionLink } from '../-shared/navLabels';
import { useStudent } from '../-shared/session';
import { useCart } from '../-shared/cart';
import { useLoadedData } from '../-shared/Loaded';
import { useWhatsNewBadge } from './useWhatsNewBadge';
import styles from './AppLayout.module.css';

const GROUPS: NavGroup[] = ['home', 'didattica', 'servizi', 'amministrazione'];

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
  const unseen = useWhatsNewBadge();

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
            const count = s.path === '/novita' ? unseen : badgeCount(s.service, updates);
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
                  {count > 0 && (
                    <span className={styles.badge} data-testid={s.path === '/novita' ? 'conteggio-novita' : undefined}>
                      {count}
                      <span className="visually-hidden">
                        {' '}
                        <Trans>novità</Trans>
                      </span>
                    </span>
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
