#!/usr/bin/env tsx
// Checks a school backend's saved answer against the portal: first against the contract
// (openapi/portal.yaml, the 200 answer of the operation), then through the app's boundary
// (src/api/boundary), printing what the portal would make of it and which items it would drop.
//
//   npm run check:backend -- answer.json getGrades
//
// Exit status 0: valid and usable; 1: the contract refuses it; 2: usage error.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { toSignIn, toStudentInfo } from '../src/api/boundary/session';
import { toSubjects, toUpdates } from '../src/api/boundary/student';
import {
  toAgenda,
  toAnnotations,
  toDisciplinaryNotes,
  toGrades,
  toHomework,
  toLessons,
  toReportCards,
  toTopics,
} from '../src/api/boundary/teaching';
import { toAbsences } from '../src/api/boundary/absences';
import { toThreads } from '../src/api/boundary/messages';
import { toCommunicationDetail, toCommunications, toSentMessages } from '../src/api/boundary/communications';

const BOUNDARY: Record<string, (raw: unknown) => unknown> = {
  login: toSignIn,
  validateToken: toSignIn,
  loginSpid: toSignIn,
  openMobileSession: toSignIn,
  getStudentInfo: (raw) => toStudentInfo(raw, null, null),
  getSubjects: toSubjects,
  getUpdates: toUpdates,
  getGrades: (raw) => toGrades(raw),
  getHomework: (raw) => toHomework(raw),
  getAgenda: (raw) => toAgenda(raw),
  getTimetable: (raw) => toLessons(raw),
  getLessonTopics: (raw) => toTopics(raw),
  getAnnotations: (raw) => toAnnotations(raw),
  getDisciplinaryNotes: toDisciplinaryNotes,
  getReportCards: toReportCards,
  getAbsences: toAbsences,
  listThreads: toThreads,
  listCommunications: toCommunications,
  getCommunication: toCommunicationDetail,
  listSentMessages: toSentMessages,
};

const [file, operationId] = process.argv.slice(2);
if (!file || !operationId) {
  console.error(`usage: npm run check:backend -- <answer.json> <operationId>\noperations the boundary reads: ${Object.keys(BOUNDARY).join(', ')}`);
  process.exit(2);
}

interface Spec {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: unknown;
}
const spec = parse(readFileSync('openapi/portal.yaml', 'utf8')) as Spec;
const operation = Object.values(spec.paths)
  .flatMap((methods) => Object.values(methods))
  .find((op) => op.operationId === operationId);
const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
if (!schema) {
  console.error(`${operationId}: no such operation with a JSON 200 answer in openapi/portal.yaml`);
  process.exit(2);
}

const answer: unknown = JSON.parse(readFileSync(file, 'utf8'));
const ID = 'https://portale-famiglie.example/openapi/portal.yaml';
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: ID, components: spec.components });
const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${ID}#/components/`)));

let ok = true;
if (validate(answer)) {
  console.log(`ok   ${file} matches the contract's answer of ${operationId}`);
} else {
  ok = false;
  console.log(`FAIL ${file} does not match the contract's answer of ${operationId}:`);
  for (const e of validate.errors ?? []) console.log(`     ${e.instancePath || '/'} ${e.message}`);
}

const read = BOUNDARY[operationId];
if (!read) {
  console.log(`--   ${operationId} has no boundary reader yet: the portal uses this answer as the contract describes it`);
} else {
  try {
    const result = read(answer);
    const sent = Array.isArray(answer) ? answer.length : null;
    const kept = Array.isArray(result) ? result.length : null;
    if (sent !== null && kept !== null && kept < sent) console.log(`warn the portal drops ${sent - kept} of ${sent} items it cannot place (no id or no day, a lesson with no start, or an id sent twice)`);
    console.log(`ok   the boundary reads it as:\n${JSON.stringify(result, null, 2)}`);
  } catch (e) {
    ok = false;
    console.log(`FAIL the boundary cannot use it: ${(e as Error).message}`);
  }
}
process.exit(ok ? 0 : 1);
