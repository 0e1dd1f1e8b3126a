import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Menu } from '@ark-ui/react/menu';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updatesQuery } from '../../api/queries/student';
import { isSectionOpen, SECTIONS, type NavGroup } from '../../domain/services';
import { LocaleSwitch } from './LocaleSwitch';
import { GROUP_LABELS, SECTION_LABELS, sectionLink } from './navLabels';
import { useSessionActor, useStudent } from './session';
import styles from './AppLayout.module.css';

const GROUPS: NavGroup[] = ['home', 'didattica', 'servizi', 'amministrazione'];

export function AppLayout() {
  const { t } = useLingui();
  const { student, studentInfo, scope, user } = useStudent();
  const [navOpen, setNavOpen] = useState(false);
  const year = student.anni.find((a) => a.id === scope.anno);

  return (
    <div className={styles.shell} data-nav-open={navOpen}>
      <a className={styles.skip} href="#contenuto">
        <Trans>Vai al contenuto</Trans>
      </a>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.navToggle}
          aria-expanded={navOpen}
          aria-controls="menu-principale"
          onClick={() => setNavOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t`Menu`}</span>
        </button>
        <Link to="/home" className={styles.brand}>
          <Trans>Portale Famiglie</Trans>
        </Link>
        <p className={styles.student}>
          <span className={styles.studentName}>
            {student.nome} {student.cognome}
          </span>{' '}
          <span className={styles.studentMeta}>
            {studentInfo.classe} · {year?.descrizione ?? scope.anno}
          </span>
        </p>
        <LocaleSwitch />
        <UserMenu name={`${user.nome} ${user.cognome}`} />
      </header>
      <nav id="menu-principale" className={styles.sidebar} aria-label={t`Menu principale`}>
        <Sidebar onNavigate={() => setNavOpen(false)} />
      </nav>
      <main id="contenuto" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <Trans>Portale Famiglie · versione {__APP_VERSION__}</Trans>
      </footer>
    </div>
  );
}

function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { i18n } = useLingui();
  const { studentInfo, student, scope } = useStudent();
  const updates = useQuery(updatesQuery(scope));
  const badgeFor = (service: string | null) =>
    service ? (updates.data?.find((u) => u.sezione === service && u.visibile)?.conteggio ?? 0) : 0;

  return GROUPS.map((group) => {
    const entries = SECTIONS.filter(
      (s) => s.group === group && isSectionOpen(s, studentInfo.servizi, student.versione_messenger),
    );
    if (entries.length === 0) return null;
    const headingId = `gruppo-${group}`;
    return (
      <section key={group} aria-labelledby={headingId} className={styles.group}>
        <h2 id={headingId} className={group === 'home' ? 'visually-hidden' : styles.groupTitle}>
          {i18n._(GROUP_LABELS[group])}
        </h2>
        <ul>
          {entries.map((s) => {
            const count = badgeFor(s.service);
            return (
              <li key={s.path}>
                <Link {...sectionLink(s.path)} className={styles.navLink} activeProps={{ 'aria-current': 'page' }} onClick={onNavigate}>
                  <span>{i18n._(SECTION_LABELS[s.path])}</span>
                  {count > 0 && (
                    <span className={styles.badge}>
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

function UserMenu({ name }: { name: string }) {
  const { t } = useLingui();
  const session = useSessionActor();
  const navigate = useNavigate();
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'esci') {
          session.send({ type: 'session.signOut' });
          void navigate({ to: '/login', replace: true });
        }
      }}
    >
      <Menu.Trigger className={styles.userTrigger}>
        <span className="visually-hidden">{t`Menu utente:`} </span>
        {name} <span aria-hidden="true">▾</span>
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={styles.menu}>
          <Menu.Item value="esci" className={styles.menuItem}>
            <Trans>Esci</Trans>
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
