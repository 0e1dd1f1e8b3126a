import type { Area } from './area';
import { accountArea } from './account';
import { adeArea } from './ade';
import { alternanzaArea } from './alternanza';
import { assenzeArea } from './assenze';
import { colloquiArea } from './colloqui';
import { didatticaArea } from './didattica';
import { documentiArea } from './documenti';
import { elezioniArea } from './elezioni';
import { menseArea } from './mense';
import { messaggiArea } from './messaggi';
import { mobileArea } from './mobile';
import { pagamentiArea } from './pagamenti';
import { preferenzeArea } from './preferenze';
import { serviziGiornalieriArea } from './servizi_giornalieri';
/**
 * Every API area beyond the core; the order is the order their schema and seed run in. The browser
 * tests' fault injection is not one of them and not in `server/` at all: the tests start their own
 * entry, `tests/server-hooks/main.ts`, which adds it through `buildApp`'s `extend`.
 */
export const AREAS: Area[] = [accountArea, didatticaArea, assenzeArea, messaggiArea, colloquiArea, alternanzaArea, elezioniArea, documentiArea, pagamentiArea, menseArea, serviziGiornalieriArea, adeArea, mobileArea, preferenzeArea];
