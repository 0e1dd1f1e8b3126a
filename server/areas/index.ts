import type { Area } from './area';

/** Every API area beyond the core; the order is the order their schema and seed run in. */
export const AREAS: Area[] = [];
