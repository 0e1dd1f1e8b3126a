import type { Db } from '../db/database';
import type { AppContext } from '../context';
import type { ServiceKey } from '../shared/services';
import type { EnrolmentRow } from '../repositories/students';

/** An operation handler as fastify-openapi-glue calls it: whatever it returns is sent. */
export type OperationHandler = (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => unknown;

/** New items of one section for `aggiornamenti_nextapi` (the sidebar badges and the home page). */
export interface SectionNews {
  /** Service key of the section (src/domain/services.ts). */
  sezione: ServiceKey;
  conteggio: number;
  /** When the newest of them happened: ISO date-time, or a date (`YYYY-MM-DD`, taken as its start in Rome). */
  data: string;
}

/** Counts a student's new items per section of an area: one query per call. */
export type NewsReader = (enrolment: EnrolmentRow) => SectionNews[];

/**
 * One area of the API (absences, messages, payments, ...): its tables, demo data and the handlers
 * of the operations its contract fragment (openapi/src/<name>.yaml) defines. Areas only add: the
 * core tables (users, schools, students, enrolments, subjects, grades) are theirs to read.
 */
export interface Area {
  name: string;
  /**
   * The area's tables as of the baseline (migration step 1, after the core schema). Frozen: a change
   * is a new step in bootstrap/migrations.ts.
   */
  schema?: string;
  /** Demo data, after the core seed, in demo mode into a new database only; dates relative to `now` (Europe/Rome). */
  seed?: (db: Db, now: Date) => void | Promise<void>;
  /** Handlers keyed by operationId. */
  handlers: (ctx: AppContext, db: Db) => Record<string, OperationHandler>;
  /**
   * Plugins and routes outside the contract (multipart parsing, a demo identity provider's page,
   * test hooks), registered before the contract's routes.
   */
  register?: (app: import('fastify').FastifyInstance, ctx: AppContext, db: Db) => Promise<void>;
  /** The area's `novita` items for `getUpdates` (prepare the statement here, once). */
  updates?: (db: Db) => NewsReader;
}
