import { Link, useRouter } from '@tanstack/react-router';
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { sameScope } from '../../machines/session.machine';
import type { SectionPath } from '../../domain/services';
import type { StudentScope } from '../../domain/student';
import { useStudent } from './session';

/**
 * Opens a screen for a given student in one step: for the open student a plain navigation; for
 * another one the student switch (the layout's, the same one as the student menu's, with its loading
 * state and its emptied cart) opens the student, then goes to the screen instead of Home. `href` is
 * the screen's address, with its search where it has one (`/messenger?thread=1362_ver_2`);
 * `replace` puts it in the place of the current page in the history (a notice's `/apri`).
 */
export type OpenForStudent = (scope: StudentScope, href: string, options?: { replace?: boolean }) => void;

const StudentSwitchContext = createContext<OpenForStudent | null>(null);

/** Given by the signed-in layout, which runs the student switch. */
export const StudentSwitchProvider = StudentSwitchContext.Provider;

/** The layout's way to open a screen for a student (Novità's items, which carry their own address). */
export function useOpenForStudent(): OpenForStudent {
  const open = useContext(StudentSwitchContext);
  if (!open) throw new Error('useOpenForStudent outside the signed-in layout');
  return open;
}

/** A plain click (no modifier, main button): one the page may handle itself. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A link to a screen for one student (docs/product.md#home, "Family Home"): for the open student an
 * ordinary link; for another one the click selects that student and lands on the screen in one
 * step, with the student shown in the top bar (the tab's session keeps it). Its address is the
 * screen's, as any link's.
 */
export function StudentLink({ scope, to, className, children }: { scope: StudentScope; to: SectionPath; className?: string; children: ReactNode }) {
  const current = useStudent().scope;
  const open = useContext(StudentSwitchContext);
  const router = useRouter();
  if (sameScope(scope, current) || !open) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={router.buildLocation({ to }).href}
      className={className}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        open(scope, to);
      }}
    >
      {children}
    </a>
  );
}
