import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { safePortalPath } from '../../../domain/preferences';
import { Skeleton } from '../../../ui/States';
import { useSessionActor } from '../../-shared/session';
import { useOpenForStudent } from '../../-shared/studentLinks';

interface OpenSearch {
  scuola?: string;
  studente?: number;
  pagina?: string;
}

/**
 * Where a notice leads (docs/product.md#preferences): `/apri?scuola=DEMO02&studente=502&pagina=/comunicazioni`
 * opens that child (switching student when another is open, as the student menu does) and then
 * the page of the item. A child the user does not have, or a page outside the portal, leads to Home.
 */
export const Route = createFileRoute('/_private/(preferences)/apri')({
  validateSearch: (search: Record<string, unknown>): OpenSearch => ({
    ...(typeof search.scuola === 'string' ? { scuola: search.scuola } : {}),
    ...(Number.isInteger(Number(search.studente)) ? { studente: Number(search.studente) } : {}),
    ...(typeof search.pagina === 'string' ? { pagina: search.pagina } : {}),
  }),
  component: OpenNotice,
});

function OpenNotice() {
  const { t } = useLingui();
  const { scuola, studente, pagina } = Route.useSearch();
  const router = useRouter();
  const session = useSessionActor();
  const open = useOpenForStudent();
  const students = useSelector(session, (s) => s.context.students);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const child = students.find((s) => s.id === studente && s.id_scuola === scuola);
    if (!child) {
      void router.navigate({ to: '/home', replace: true });
      return;
    }
    // The layout's student switch, as the student menu's: a failure leaves the open student and says so.
    open({ id_scuola: child.id_scuola, id_studente: child.id, anno: child.anno_corrente }, (pagina && safePortalPath(pagina)) ?? '/home', { replace: true });
  }, [open, pagina, router, scuola, students, studente]);

  return <Skeleton lines={4} label={t`Apertura della notifica…`} />;
}
