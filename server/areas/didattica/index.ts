import { readFileSync } from 'node:fs';
import type { Area } from '../area';
import { didatticaHandlers } from './handlers';
import { didatticaNews } from './news';
import { seedDidattica } from './seed';

/**
 * Area didattica (contract: openapi/src/didattica.yaml): school calendar, agenda, annotations,
 * disciplinary notes and their acknowledgement, report cards with PDF attachments, lesson topics,
 * homework, timetable, tutor notes, teaching material, tests and the student photo.
 */
export const didatticaArea: Area = {
  name: 'didattica',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedDidattica,
  handlers: didatticaHandlers,
  updates: didatticaNews,
};
