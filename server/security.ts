import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { SignJWT, compactVerify, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
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
    writeFileSync(file, JSON.stringify(privateJwk, null, 2), { mode: 0o600 });
  }
  const { kty, crv, x, y } = privateJwk;
  const publicJwk: JWK = { kty, crv, x, y };
  return {
    privateKey: (await importJWK(privateJwk, 'ES256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
  };
}

// ---------------------------------------------------------------- tokens

export interface TokenSubject {
  id_utente: number;
  mastercom_id: number;
}

export interface TokenClaims extends TokenSubject {
  /** The one student a mobile code's session may read (claim `sid`); null for a full session. */
  studente: number | null;
  issuedAt: number;
  expiresAt: number;
  jti: string;
}

/** An expired token may still be exchanged for a new one this long after it was issued. */
export const REFRESH_WINDOW_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'ES256';

function claimsOf(payload: Record<string, unknown>): TokenClaims | null {
  const { sub, mcid, iat, exp, jti, sid } = payload;
  const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  if (!Number.isSafeInteger(id) || typeof mcid !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') {
    return null;
  }
  if (typeof jti !== 'string') return null;
  if (sid !== undefined && !(typeof sid === 'number' && Number.isSafeInteger(sid))) return null;
  return { id_utente: id, mastercom_id: mcid, studente: sid ?? null, issuedAt: iat, expiresAt: exp, jti };
}

export class TokenService {
  constructor(
    private readonly keys: SigningKeys,
    private readonly now: () => Date,
    private readonly ttlSeconds: number,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** With `studente`, the token opens only that student's per-student calls (a mobile code's session). */
  issue(subject: TokenSubject, studente?: number): Promise<string> {
    const iat = this.nowSeconds();
    return new SignJWT(studente === undefined ? { mcid: subject.mastercom_id } : { mcid: subject.mastercom_id, sid: studente })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(subject.id_utente))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
  }

  /**
   * Tokens whose signature has been checked, with their claims. Every authenticated request carries
   * one, and an ES256 check cost more than the rest of a voti_plain answer (issue 16); a token is
   * immutable, so its signature is checked once and its expiry on every use. Bounded: a token not
   * seen here is simply checked again.
   */
  private readonly verified = new Map<string, TokenClaims>();
  private static readonly VERIFIED_KEPT = 10_000;

  /** Signature and expiry checked; null when the token is not usable. */
  async verify(token: string): Promise<TokenClaims | null> {
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

  /** Signature checked, expiry ignored, but issued less than 12 hours ago. */
  async verifyForRefresh(token: string): Promise<TokenClaims | null> {
    try {
      const { payload, protectedHeader } = await compactVerify(token, this.keys.publicKey, { algorithms: [ALGORITHM] });
      if (protectedHeader.typ !== undefined && protectedHeader.typ !== 'JWT') return null;
      const claims = claimsOf(JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>);
      if (!claims) return null;
      const age = this.nowSeconds() - claims.issuedAt;
      return age >= -60 && age < REFRESH_WINDOW_SECONDS ? claims : null;
    } catch {
      return null;
    }
  }
}

// ---------------------------------------------------------------- the `jwt` security scheme

export interface AuthenticatedUser {
  id_utente: number;
  mastercom_id: number;
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
    request.portalUser = { id_utente: claims.id_utente, mastercom_id: claims.mastercom_id, studente: claims.studente };
  };
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.portalUser) throw sessionExpired();
  return request.portalUser;
}
