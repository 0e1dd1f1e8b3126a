import { readFileSync } from 'node:fs';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Area } from '../area';
import { demoProviders } from './demoIdp';
import { enrolmentHandlers } from './enrolment';
import { relyingParty, type RelyingParty } from './oidc';
import { passwordHandlers } from './password';
import { accountRepository } from './repository';
import { seedAccount } from './seed';
import { spidHandlers } from './spid';

/** One relying party per app (its providers' discovery and keys are cached there), made by whichever hook runs first. */
const parties = new WeakMap<AppContext, { rp: RelyingParty; demo: ReturnType<typeof demoProviders> | undefined }>();

function signInOf(ctx: AppContext, db: Db) {
  let found = parties.get(ctx);
  if (!found) {
    const repo = accountRepository(db);
    // Outside demo mode there is no demo provider at all: only those OIDC_PROVIDERS configures.
    const demo = ctx.demo ? demoProviders(ctx, repo) : undefined;
    found = { rp: relyingParty(ctx, repo, demo), demo };
    parties.set(ctx, found);
  }
  return found;
}

/**
 * Change password, sign-in with SPID and CIE over OpenID Connect (docs/identity.md; demo identity
 * providers in demo mode) and the enrolment portal hand-over. Contract: openapi/src/account.yaml.
 */
export const accountArea: Area = {
  name: 'account',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: (db) => seedAccount(db),
  handlers: (ctx, db) => {
    const repo = accountRepository(db);
    return { ...passwordHandlers(ctx, repo), ...spidHandlers(ctx, repo, signInOf(ctx, db).rp), ...enrolmentHandlers(ctx, db) };
  },
  // The demo providers (`/idp/<id>/...`) are routes only in demo mode: elsewhere /idp/* is a 404.
  register: async (app, ctx, db) => {
    const { rp, demo } = signInOf(ctx, db);
    rp.attach(app);
    if (demo) await demo.register(app);
  },
};
