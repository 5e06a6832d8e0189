import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { refreshTokens, sessions } from '../db/schema.js';
import { hashRefreshToken, newRefreshToken } from '../services/tokens.js';

/** Several tabs may refresh with the same token at the same moment; within this window that is not reuse. */
const ROTATION_GRACE_SECONDS = 30;

type RotationResult =
  | { kind: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  | { kind: 'grace'; userId: string; sessionId: string }
  | { kind: 'invalid' };

/**
 * SQL true when the session `sessionParam` of user `userParam` is live: the test `isActive` makes, for a signed-in
 * route with `sessionCheckedByRoute` (plugins/auth.ts) to put in its own first statement.
 */
export const activeSessionSql = (sessionParam: string, userParam: string) =>
  `EXISTS (SELECT 1 FROM sessions s WHERE s.id = ${sessionParam} AND s.user_id = ${userParam} AND s.revoked_at IS NULL)`;

const ACTIVE_SESSION_TEXT = `SELECT ${activeSessionSql('$1', '$2')} AS active`;

export class SessionRepository {
  constructor(
    private readonly db: Database,
    private readonly pepper: string,
    private readonly refreshTtlDays: number,
  ) {}

  private expiry(): Date {
    return new Date(Date.now() + this.refreshTtlDays * 24 * 60 * 60 * 1000);
  }

  /**
   * Every signed-in request asks this: one named statement (prepared once per connection; drizzle's query builder
   * cost more per call than the indexed lookup itself), the same test a `sessionCheckedByRoute` route makes.
   */
  async isActive(sessionId: string, userId: string): Promise<boolean> {
    const result = await this.db.$client.query<{ active: boolean }>({
      name: 'session-is-active',
      text: ACTIVE_SESSION_TEXT,
      values: [sessionId, userId],
    });
    return result.rows[0]?.active === true;
  }

  async start(userId: string, tx: Executor = this.db): Promise<{ sessionId: string; refreshToken: string }> {
    const [session] = await tx.insert(sessions).values({ userId }).returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    const refreshToken = newRefreshToken();
    await tx.insert(refreshTokens).values({
      sessionId: session.id,
      tokenHash: hashRefreshToken(refreshToken, this.pepper),
      expiresAt: this.expiry(),
    });
    return { sessionId: session.id, refreshToken };
  }

  /**
   * Rotates a refresh token. A token used again after its grace window means it was stolen or replayed:
   * the whole session (token family) is revoked.
   */
  rotate(refreshToken: string): Promise<RotationResult> {
    const tokenHash = hashRefreshToken(refreshToken, this.pepper);
    return this.db.transaction(async (tx) => {
      // The session first, then its token: the order in which an account deletion removes them (user → sessions →
      // tokens), so a deletion in progress is waited for rather than deadlocked with.
      await tx.execute(sql`
        SELECT 1 FROM sessions s JOIN refresh_tokens rt ON rt.session_id = s.id
        WHERE rt.token_hash = ${tokenHash} FOR KEY SHARE OF s`);
      const result = await tx.execute<{
        id: string;
        session_id: string;
        user_id: string;
        expired: boolean;
        rotated_at: Date | null;
        in_grace: boolean;
        revoked: boolean;
      }>(sql`
        SELECT rt.id, rt.session_id, s.user_id,
               rt.expires_at <= now() AS expired,
               rt.rotated_at,
               rt.rotated_at > now() - make_interval(secs => ${ROTATION_GRACE_SECONDS}) AS in_grace,
               s.revoked_at IS NOT NULL AS revoked
        FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = ${tokenHash}
        FOR UPDATE OF rt`);
      const row = result.rows[0];
      if (!row || row.revoked || row.expired) return { kind: 'invalid' };
      if (row.rotated_at) {
        if (row.in_grace) return { kind: 'grace', userId: row.user_id, sessionId: row.session_id };
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.session_id));
        return { kind: 'invalid' };
      }
      await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      const next = newRefreshToken();
      await tx.insert(refreshTokens).values({
        sessionId: row.session_id,
        tokenHash: hashRefreshToken(next, this.pepper),
        expiresAt: this.expiry(),
      });
      return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id, refreshToken: next };
    });
  }

  /** The session a refresh token belongs to, if any (used by logout when the access token is gone). */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken, this.pepper)))
      .limit(1);
    return row?.sessionId;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string, tx: Executor = this.db): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}
