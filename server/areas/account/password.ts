import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Schemas } from '../../shared/contract';
import { ApiError, forbidden, sessionExpired } from '../../shared/errors';
import { hashPassword, requireUser, verifyPassword } from '../../security';
import type { AccountRepository } from './repository';

type ChangePasswordBody = Schemas['AccountPasswordChange'];

/**
 * The rule for a new password (the specification shows no bounds, so the portal chose them):
 * 8 to 200 characters (200 is the contract's maximum), at least one letter and one digit.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RULE_DETAIL = 'La nuova password deve contenere almeno 8 caratteri, tra cui almeno una lettera e una cifra';
export const PASSWORD_SAME_DETAIL = 'La nuova password deve essere diversa da quella attuale';
/** docs/product.md#sign-in-and-session: the text the change-password dialog shows on a server failure. */
export const WRONG_PASSWORD_DETAIL = 'Attenzione, controlla che la password corrente sia corretta';

export function passwordRuleBroken(password: string): boolean {
  return [...password].length < PASSWORD_MIN_LENGTH || !/\p{L}/u.test(password) || !/\p{Nd}/u.test(password);
}

/** Wrong current passwords allowed per user in a window before the call answers 429. */
export const WRONG_PASSWORD_LIMIT = 10;
const WRONG_PASSWORD_WINDOW_MS = 15 * 60_000;

export function passwordHandlers(ctx: AppContext, repo: AccountRepository) {
  /** id_utente → times (ms) of the recent wrong current passwords. */
  const failures = new Map<number, number[]>();
  const recentFailures = (userId: number, nowMs: number): number[] => {
    const recent = (failures.get(userId) ?? []).filter((t) => nowMs - t < WRONG_PASSWORD_WINDOW_MS);
    if (recent.length) failures.set(userId, recent);
    else failures.delete(userId);
    return recent;
  };

  return {
    async changePassword(request: FastifyRequest) {
      const { id_utente } = requireUser(request);
      const { id_scuola } = request.params as { id_scuola: string };
      const { old_password, new_password } = request.body as ChangePasswordBody;
      if (!repo.userHasSchool(id_utente, id_scuola)) throw forbidden();
      if (new_password === old_password) throw new ApiError(400, PASSWORD_SAME_DETAIL, 'password_uguale');
      if (passwordRuleBroken(new_password)) throw new ApiError(400, PASSWORD_RULE_DETAIL, 'password_non_valida');

      const nowMs = ctx.now().getTime();
      const recent = recentFailures(id_utente, nowMs);
      if (recent.length >= WRONG_PASSWORD_LIMIT) {
        throw new ApiError(429, 'Troppi tentativi con una password errata, riprova tra qualche minuto', 'rate_limited');
      }
      // Counted as a failure before the (slow, asynchronous) check and taken back only if it passes:
      // guesses sent in parallel all see each other and cannot slip past the limit together.
      failures.set(id_utente, [...recent, nowMs]);
      const user = ctx.users.findById(id_utente);
      if (!user) throw sessionExpired();
      if (!(await verifyPassword(old_password, user.password_hash))) {
        throw new ApiError(409, WRONG_PASSWORD_DETAIL, 'password_errata');
      }
      repo.setPasswordHash(id_utente, await hashPassword(new_password));
      // Whoever else holds a session of this account (a stolen token, a forgotten device) is out.
      ctx.tokens.endOthers(id_utente, requireUser(request).sid);
      failures.delete(id_utente);
      return { success: true };
    },
  };
}
