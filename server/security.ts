import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { SignJWT, compactVerify, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { SessionsRepository } from './repositories/sessions';
import { writeFileAtomic } from './shared/atomicFile';
import { forbidden, sessionExpired } from './shared/errors';

// ---------------------------------------------------------------- passwords

const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Verified when the user code is unknown, so that both failures take the same time. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(KEY_LENGTH).toString('base64');

// ---------------------------------------------------------------- signing keys

export interface SigningKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export const JWT_KEY_FILE = 'jwt-key.json';

/** ES256 key pair, generated on first start and kept in `<dataDir>/jwt-key.json` (private JWK). */
export async function loadOrCreateSigningKeys(dataDir: string): Promise<SigningKeys> {
  const file = join(dataDir, JWT_KEY_FILE);
  let privateJwk: JWK;
  if (existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateJwk = { ...(await exportJWK(pair.privateKey)), alg: 'ES256', kid: randomUUID() };
    writeFileAtomic(file, JSON.stringify(privateJwk, null, 2));
  }
  const { kty, crv, x, y } = privateJwk;
  const publicJwk: JWK = { kty, crv, x, y };
  return {
    privateKey: (await importJWK(privateJwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
  };
}

// ---------------------------------------------------------------- tokens and sessions

export interface TokenSubject {
  id_utente: number;
  mastercom_id: number;
}

export interface TokenClaims extends TokenSubject {
  issuedAt: number;
  expiresAt: number;
  jti: string;
  /** The session (a sign-in) the token belongs to. */
  sid: string;
  /** The one student a mobile code's session may read (claim `stu`); null for a full session. */
  studente: number | null;
}

/** An expired token may still be exchanged for a new one this long after it was issued. */
export const REFRESH_WINDOW_SECONDS = 12 * 60 * 60;
/**
 * A session ends this long after its sign-in, however often it was refreshed (ASVS 3.3.2 at level 2:
 * twelve hours); then the password, SPID or a mobile code is needed again.
 */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/**
 * For this long after a refresh, the token it spent is refused without ending the session: a
 * duplicated tab of the same session that refreshed at the same moment waits for the new token
 * from its twin. Presented again later, it is a replay and the session ends.
 */
export const REFRESH_GRACE_SECONDS = 5;
const ALGORITHM = 'ES256';

/** A refresh: the new token, or why not (`renewing`: spent a moment ago, the session goes on). */
export type RefreshOutcome = { token: string } | { refused: 'invalid' } | { refused: 'renewing'; retryAfterSeconds: number };

function claimsOf(payload: Record<string, unknown>): TokenClaims | null {
  const { sub, mcid, iat, exp, jti, sid, stu } = payload;
  const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  if (!Number.isSafeInteger(id) || typeof mcid !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') {
    return null;
  }
  if (typeof jti !== 'string' || typeof sid !== 'string') return null;
  if (stu !== undefined && !(typeof stu === 'number' && Number.isSafeInteger(stu))) return null;
  return { id_utente: id, mastercom_id: mcid, issuedAt: iat, expiresAt: exp, jti, sid, studente: stu ?? null };
}

export interface TokenOptions {
  ttlSeconds: number;
  sessionMaxSeconds?: number;
}

/**
 * Signs and checks the portal's tokens. A token is good while it is unexpired, signed by this
 * server's key and its session is alive (see `sessioni` in server/db/schema.sql); the refresh
 * rotates: each refresh spends the token it was given.
 */
export class TokenService {
  private readonly ttlSeconds: number;
  private readonly sessionMaxMs: number;

  constructor(
    private readonly keys: SigningKeys,
    private readonly now: () => Date,
    private readonly sessions: SessionsRepository,
    options: TokenOptions,
  ) {
    this.ttlSeconds = options.ttlSeconds;
    this.sessionMaxMs = (options.sessionMaxSeconds ?? SESSION_MAX_SECONDS) * 1000;
  }

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private sign(subject: TokenSubject, sid: string, jti: string, studente: number | null): Promise<string> {
    const iat = this.nowSeconds();
    return new SignJWT(studente === null ? { mcid: subject.mastercom_id, sid } : { mcid: subject.mastercom_id, sid, stu: studente })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(subject.id_utente))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(jti)
      .sign(this.keys.privateKey);
  }

  /**
   * A sign-in: a new session and its first token. With `studente`, the token opens only that
   * student's per-student calls (a mobile code's session).
   */
  start(subject: TokenSubject, studente: number | null = null): Promise<string> {
    const nowMs = this.now().getTime();
    const sid = randomUUID();
    const jti = randomUUID();
    this.sessions.start(sid, subject.id_utente, nowMs, jti, nowMs - this.sessionMaxMs);
    return this.sign(subject, sid, jti, studente);
  }

  private alive(claims: TokenClaims): boolean {
    const session = this.sessions.find(claims.sid);
    return (
      session !== undefined &&
      session.id_utente === claims.id_utente &&
      session.versione === this.sessions.version(claims.id_utente) &&
      this.now().getTime() - session.iniziata_ms < this.sessionMaxMs
    );
  }

  /**
   * Tokens whose signature has been checked, with their claims. Every authenticated request carries
   * one, and an ES256 check cost more than the rest of a voti_plain answer (README "Budgets"); a token is
   * immutable, so its signature is checked once, its expiry and its session on every use. Bounded:
   * a token not seen here is simply checked again.
   */
  private readonly verified = new Map<string, TokenClaims>();
  private static readonly VERIFIED_KEPT = 10_000;

  private async signed(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    // jose's own rule: usable while now < exp.
    if (known) return this.nowSeconds() < known.expiresAt ? known : null;
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: [ALGORITHM],
        currentDate: this.now(),
        requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      });
      const claims = claimsOf(payload);
      if (claims) {
        if (this.verified.size >= TokenService.VERIFIED_KEPT) this.verified.clear();
        this.verified.set(token, claims);
      }
      return claims;
    } catch {
      return null;
    }
  }

  /** Signature, expiry and session checked; null when the token is not usable. */
  async verify(token: string): Promise<TokenClaims | null> {
    const claims = await this.signed(token);
    return claims && this.alive(claims) ? claims : null;
  }

  /**
   * A new token for the newest token of a live session issued less than 12 hours ago (expired or
   * not). An older token of the session is a stolen or replayed one: the session ends.
   */
  async refresh(token: string, accept: (claims: TokenClaims) => boolean): Promise<RefreshOutcome> {
    const invalid = { refused: 'invalid' } as const;
    let claims: TokenClaims | null;
    try {
      const { payload, protectedHeader } = await compactVerify(token, this.keys.publicKey, { algorithms: [ALGORITHM] });
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return invalid;
      claims = claimsOf(JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>);
    } catch {
      return invalid;
    }
    if (!claims || !accept(claims)) return invalid;
    const age = this.nowSeconds() - claims.issuedAt;
    if (age < -60 || age >= REFRESH_WINDOW_SECONDS || !this.alive(claims)) return invalid;
    const nowMs = this.now().getTime();
    const next = randomUUID();
    if (this.sessions.rotate(claims.sid, claims.jti, next, nowMs)) return { token: await this.sign(claims, claims.sid, next, claims.studente) };
    const session = this.sessions.find(claims.sid);
    const spentMsAgo = session?.jti_precedente === claims.jti && session.ruotata_ms !== null ? nowMs - session.ruotata_ms : null;
    if (spentMsAgo !== null && spentMsAgo >= 0 && spentMsAgo < REFRESH_GRACE_SECONDS * 1000) {
      return { refused: 'renewing', retryAfterSeconds: Math.max(1, Math.ceil((REFRESH_GRACE_SECONDS * 1000 - spentMsAgo) / 1000)) };
    }
    this.sessions.end(claims.sid);
    return invalid;
  }

  /**
   * Sign-out: every session of the user ends (ASVS 3.3.1, 3.3.3), on this device and on others; their
   * tokens are refused from now on, for reads and for refresh.
   */
  endAll(userId: number): void {
    this.sessions.endAll(userId);
  }

  /** After a password change: the user's other sessions end, this one goes on. */
  endOthers(userId: number, keepSid: string): void {
    this.sessions.endOthers(userId, keepSid);
  }
}

// ---------------------------------------------------------------- the `jwt` security scheme

export interface AuthenticatedUser {
  id_utente: number;
  mastercom_id: number;
  /** The session of the request's token. */
  sid: string;
  /** Set for a mobile code's session: the only student it may read. */
  studente: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `jwt` security handler on authenticated routes. */
    portalUser: AuthenticatedUser | null;
  }
}

const AUTHORIZATION = /^JWT ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * The contract's `jwt` scheme: `Authorization: JWT <token>` (the word is exactly `JWT`).
 * `userExists` guards against tokens of deleted accounts.
 */
export function jwtSecurityHandler(tokens: TokenService, userExists: (subject: TokenSubject) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await tokens.verify(match[1]) : null;
    if (!claims || !userExists(claims)) throw sessionExpired();
    // A mobile code's session reaches its student's per-student calls and nothing else: not another
    // student, not the account (password, new mobile codes).
    if (claims.studente !== null && Number((request.params as { id_studente?: unknown } | undefined)?.id_studente) !== claims.studente) {
      throw forbidden();
    }
    request.portalUser = { id_utente: claims.id_utente, mastercom_id: claims.mastercom_id, sid: claims.sid, studente: claims.studente };
  };
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.portalUser) throw sessionExpired();
  return request.portalUser;
}
