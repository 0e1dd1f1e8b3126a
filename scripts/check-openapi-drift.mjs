#!/usr/bin/env node
// Fails when a file generated from openapi/portal.yaml (the app's src/api/schema.d.ts, the server's
// server/shared/openapi.d.ts) no longer matches it (run `npm run openapi:bundle`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TARGETS = ['src/api/schema.d.ts', 'server/shared/openapi.d.ts'];

const out = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'schema.d.ts');
execFileSync('npx', ['openapi-typescript', 'openapi/portal.yaml', '-o', out], { stdio: 'ignore' });
const fresh = readFileSync(out, 'utf8');
let stale = false;
for (const target of TARGETS) {
  if (readFileSync(target, 'utf8') !== fresh) {
    console.error(`${target} is out of date with openapi/portal.yaml: run \`npm run openapi:bundle\` and commit it.`);
    stale = true;
  } else {
    console.log(`ok   ${target} matches openapi/portal.yaml`);
  }
}
if (stale) process.exit(1);
