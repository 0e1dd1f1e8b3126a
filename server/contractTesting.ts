import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { SPEC_PATH } from './paths';

/**
 * Contract conformance for tests: validates an answer against the response schema that
 * openapi/portal.yaml declares for its operation and status, and records which operations a test
 * exercised so each area can prove it covered all of its own (operations are grouped by tag).
 */
interface Operation {
  operationId: string;
  tags?: string[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
}

export const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;
const SPEC_ID = 'https://portale-famiglie.example/openapi/portal.yaml';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } });

/** Local `#/components/...` refs of an inline schema, pointed at the loaded document. */
function compile(schema: unknown): ValidateFunction {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SPEC_ID}#/components/`)));
}

export const operations = new Map<string, Operation>();
for (const methods of Object.values(spec.paths)) {
  for (const op of Object.values(methods)) if (op.operationId) operations.set(op.operationId, op);
}

/** Operation ids whose first tag is one of `tags`. */
export const operationsTagged = (...tags: string[]) =>
  [...operations.values()].filter((op) => tags.includes(op.tags?.[0] ?? '')).map((op) => op.operationId);

const cache = new Map<string, ValidateFunction>();
function responseSchema(operationId: string, status: number, contentType: string): ValidateFunction {
  const key = `${operationId} ${status} ${contentType}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const op = operations.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  let response = op.responses[String(status)] ?? op.responses.default;
  const ref = response?.$ref?.replace('#/components/responses/', '');
  if (ref) response = spec.components.responses[ref];
  const schema = response?.content?.[contentType]?.schema;
  if (!schema) throw new Error(`${operationId} declares no ${contentType} body for ${status}`);
  const validate = compile(schema);
  cache.set(key, validate);
  return validate;
}

interface InjectedResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: () => unknown;
}

export function contractChecker() {
  const covered = new Set<string>();
  return {
    covered,
    /** The answer has the expected status and a body that matches the contract. */
    expectConforms(operationId: string, res: InjectedResponse, status = 200, contentType = 'application/json') {
      expect(res.statusCode, `${operationId}: ${res.body}`).toBe(status);
      covered.add(operationId);
      expect(String(res.headers['content-type'])).toContain(contentType);
      const validate = responseSchema(operationId, status, contentType);
      const json = contentType.startsWith('application/json');
      const ok = validate(json ? res.json() : res.body);
      expect(ok, `${operationId} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    },
    /** Operations of these tags that no check has exercised yet. */
    uncovered(...tags: string[]) {
      return operationsTagged(...tags).filter((id) => !covered.has(id));
    },
  };
}
