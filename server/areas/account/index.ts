import { readFileSync } from 'node:fs';
import type { Area } from '../area';
import { enrolmentHandlers } from './enrolment';
import { passwordHandlers } from './password';
import { accountRepository } from './repository';
import { seedAccount } from './seed';
import { registerDemoIdp, spidHandlers } from './spid';

/**
 * Change password, sign-in with SPID (a simulated identity provider) and the enrolment portal
 * hand-over. Contract: openapi/src/account.yaml.
 */
export const accountArea: Area = {
  name: 'account',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: (db) => seedAccount(db),
  handlers: (ctx, db) => {
    const repo = accountRepository(db);
    return { ...passwordHandlers(ctx, repo), ...spidHandlers(ctx, repo), ...enrolmentHandlers(ctx, db) };
  },
  // Outside demo mode there is no identity provider to show: its page and form are not routes at all.
  register: async (app, ctx, db) => {
    if (ctx.demo) await registerDemoIdp(app, ctx, accountRepository(db));
  },
};
