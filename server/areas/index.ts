import type { Area } from './area';
import { accountArea } from './account';
import { alternanzaArea } from './alternanza';
import { assenzeArea } from './assenze';
import { colloquiArea } from './colloqui';
import { didatticaArea } from './didattica';
import { documentiArea } from './documenti';
import { elezioniArea } from './elezioni';
import { messaggiArea } from './messaggi';
import { testHooksArea } from './testhooks';
/** Every API area beyond the core; the order is the order their schema and seed run in. */
export const AREAS: Area[] = [testHooksArea, accountArea, didatticaArea, assenzeArea, messaggiArea, colloquiArea, alternanzaArea, elezioniArea, documentiArea];
