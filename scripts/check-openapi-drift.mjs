#!/usr/bin/env node
// Fails when src/api/schema.d.ts no longer matches openapi/portal.yaml (run `npm run openapi:types`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'schema.d.ts');
execFileSync('npx', ['openapi-typescript', 'openapi/portal.yaml', '-o', out], { stdio: 'ignore' });
const fresh = readFileSync(out, 'utf8');
const committed = readFileSync('src/api/schema.d.ts', 'utf8');
if (fresh !== committed) {
  console.error('src/api/schema.d.ts is out of date with openapi/portal.yaml: run `npm run openapi:types` and commit it.');
  process.exit(1);
}
console.log('ok   src/api/schema.d.ts matches openapi/portal.yaml');
