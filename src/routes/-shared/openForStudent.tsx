import { createContext, useContext } from 'react';
import type { StudentScope } from '../../domain/student';

/**
 * Opens a screen for a given child (docs/product.md, "Novità"): for another child than the open one the
 * layout switches student first (the student switch, with its loading state and its emptied cart)
 * and lands on the screen instead of Home; for the open child it is a plain navigation. `href` is the
 * screen's address with its search (`/messenger?thread=1362_ver_2`).
 */
export type OpenForStudent = (scope: StudentScope, href: string) => void;

const OpenForStudentContext = createContext<OpenForStudent | null>(null);

/** Provided by the signed-in layout, which owns the student switch. */
export const OpenForStudentProvider = OpenForStudentContext.Provider;

export function useOpenForStudent(): OpenForStudent {
  const open = useContext(OpenForStudentContext);
  if (!open) throw new Error('useOpenForStudent outside the signed-in layout');
  return open;
}
