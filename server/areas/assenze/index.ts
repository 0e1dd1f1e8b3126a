import { readFileSync } from 'node:fs';
import type { Area } from '../area';
import { assenzeHandlers } from './handlers';
import { seedAssenze } from './seed';

/**
 * Area assenze (contract: openapi/src/assenze.yaml): absences, late entries, early exits,
 * distance-learning absences and course presences with their justification, and the bookings of
 * entries and exits.
 */
export const assenzeArea: Area = {
  name: 'assenze',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedAssenze,
  handlers: assenzeHandlers,
};
