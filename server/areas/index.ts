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
import { serviziGiornalieriArea } from './servizi_giornalieri';
import { testHooksArea } from './testhooks';
/** Every API area beyond the core; the order is the order their schema and seed run in. */
export const AREAS: Area[] = [testHooksArea, accountArea, didatticaArea, assenzeArea, messaggiArea, colloquiArea, alternanzaArea, elezioniArea, documentiArea, pagamentiArea, menseArea, serviziGiornalieriArea, adeArea, mobileArea];
