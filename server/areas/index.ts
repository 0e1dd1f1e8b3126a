import type { Area } from './area';
import { accountArea } from './account';
import { testHooksArea } from './testhooks';
/** Every API area beyond the core; the order is the order their schema and seed run in. */
export const AREAS: Area[] = [testHooksArea, accountArea];
