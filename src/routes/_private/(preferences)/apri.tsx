import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { safePortalPath } from '../../../domain/preferences';
import { clearPrivate } from '../../../domain/tabStorage';
import { changeScope } from '../../../machines/studentSwitch.machine';
import { Skeleton } from '../../../ui/States';
import { useCart } from '../../-shared/cart';
import { useSessionActor, useStudent } from '../../-shared/session';

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
  const cart = useCart();
  const { scope } = useStudent();
  const students = useSelector(session, (s) => s.context.students);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const to = (pagina && safePortalPath(pagina)) ?? '/home';
    const child = students.find((s) => s.id === studente && s.id_scuola === scuola);
    void (async () => {
      if (child && !(scope.id_studente === child.id && scope.id_scuola === child.id_scuola)) {
        try {
          await changeScope(session, { id_scuola: child.id_scuola, id_studente: child.id, anno: child.anno_corrente });
          // What belonged to the previous student goes, as with the student menu.
          clearPrivate(sessionStorage);
          cart.send({ type: 'cart.emptied' });
        } catch {
          await router.navigate({ to: '/home', replace: true });
          return;
        }
      }
      await router.navigate({ to: child ? to : '/home', replace: true });
      await router.invalidate();
    })();
  }, [cart, pagina, router, scope, scuola, session, students, studente]);

  return <Skeleton lines={4} label={t`Apertura della notifica…`} />;
}
