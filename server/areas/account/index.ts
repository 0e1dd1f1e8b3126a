import { readFileSync } from 'node:fs';
import type { Area } from '../area';
import { passwordHandlers } from './password';
import { accountRepository } from './repository';
import { seedAccount } from './seed';
import { registerDemoIdp, spidHandlers } from './spid';

/** Change password and sign-in with SPID (a simulated identity provider). Contract: openapi/src/account.yaml. */
export const accountArea: Area = {
  name: 'account',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: (db) => seedAccount(db),
  handlers: (ctx, db) => {
    const repo = accountRepository(db);
    return { ...passwordHandlers(ctx, repo), ...spidHandlers(ctx, repo) };
  },
  register: (app, ctx, db) => registerDemoIdp(app, ctx, accountRepository(db)),
};
