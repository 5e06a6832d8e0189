import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** How many distinct verified access tokens are remembered (about 0.5 KB each). */
const VERIFIED_TOKENS_MAX = 10_000;

export class TokenService {
  /**
   * Imported once: handed raw bytes, jose imports a WebCrypto key on every call, which costs more than the HMAC
   * itself on a request that only checks a token.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Access tokens that passed jose's full check, by their exact text (signature included), with their claims and
   * expiry. A signed-in page sends the same token with every request until it expires; a repeat is answered from
   * here without the WebCrypto signature work, which costs more than the rest of such a request. A remembered token
   * is valid until its `exp` (jose's rule: expired once `exp` <= now in whole seconds), then it is forgotten and
   * checked again, so jose reports it expired. Sessions are still checked in the database on every request.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  async verifyAccess(token: string): Promise<AccessCheck> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return { ok: true, claims: { ...known.claims } };
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (typeof payload.exp === 'number') this.remember(token, { ...claims }, payload.exp);
      return { ok: true, claims };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  private remember(token: string, claims: AccessClaims, exp: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_MAX) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims, exp });
  }
}

/** Refresh tokens are random, and only their hash is stored: a database leak does not yield usable tokens. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string, pepper: string): string {
  return createHash('sha256').update(pepper).update(token).digest('hex');
}
