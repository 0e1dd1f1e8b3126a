/**
 * Names for the contract's objects, from `openapi.d.ts` (generated from openapi/portal.yaml by
 * `npm run openapi:bundle`; `npm run openapi:check` fails when it is stale). Handlers and
 * repositories type what they answer with these, so a contract change the server does not follow
 * fails `tsc -p server/tsconfig.json` instead of the contract tests at run time.
 */
import type { components, operations } from './openapi';

/** `components.schemas` of the contract: `Schemas['Grade']`. */
export type Schemas = components['schemas'];

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body an operation accepts: `RequestBody<'login'>`. */
export type RequestBody<Operation extends keyof operations> = JsonOf<NonNullable<operations[Operation]['requestBody']>>;

/** The JSON body an operation answers with (by default its 200): `ResponseBody<'getGrades'>`. */
export type ResponseBody<Operation extends keyof operations, Status extends keyof operations[Operation]['responses'] = 200 & keyof operations[Operation]['responses']> =
  JsonOf<operations[Operation]['responses'][Status]>;
