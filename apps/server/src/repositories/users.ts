import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { recipes, users } from '../db/schema.js';
import { conflict } from '../errors.js';

export type UserRow = {
  id: string;
  name: string;
  email: string;
  avatarKey: string | null;
  createdAt: Date;
};

export type UserWithPassword = UserRow & { passwordHash: string };

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarKey: users.avatarKey,
  createdAt: users.createdAt,
};

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

const EMAIL_TAKEN = 'An account with this email already exists';
export const USER_NOT_FOUND = 'User not found';
/** The caller's session is valid but their account was deleted (in another tab, say). */
export const ACCOUNT_GONE = 'Your account no longer exists';

export class UserRepository {
  constructor(private readonly db: Database) {}

  async create(
    values: { name: string; email: string; passwordHash: string; avatarKey: string | null },
    tx: Executor = this.db,
  ): Promise<UserRow> {
    try {
      const [row] = await tx.insert(users).values(values).returning(userColumns);
      if (!row) throw new Error('user insert returned nothing');
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  async findByEmail(email: string): Promise<UserWithPassword | undefined> {
    const [row] = await this.db
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row;
  }

  async findById(id: string, tx: Executor = this.db): Promise<UserWithPassword | undefined> {
    const [row] = await tx
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async updateName(id: string, name: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ name, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(userColumns);
    return row;
  }

  async updatePasswordHash(id: string, passwordHash: string, tx: Executor = this.db): Promise<void> {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Sets the avatar key and returns the row with the key it replaced (its files are the caller's to remove). */
  async replaceAvatarKey(
    id: string,
    avatarKey: string | null,
  ): Promise<{ user: UserRow; previousKey: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ avatarKey: users.avatarKey })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!current) return undefined;
      const [row] = await tx
        .update(users)
        .set({ avatarKey, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(userColumns);
      if (!row) return undefined;
      return { user: row, previousKey: current.avatarKey };
    });
  }

  /**
   * Removes the user and everything that belongs to them (recipes, reviews, saved entries, sessions) in one
   * transaction, and re-computes the ratings of other people's recipes they had reviewed. Returns the image keys
   * whose files the caller removes after the commit.
   */
  async deleteWithEverything(id: string): Promise<{ avatarKey: string | null; photoKeys: string[] } | undefined> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, id)).for('update');
      if (!user) return undefined;
      const ownPhotos = await tx.select({ photoKey: recipes.photoKey }).from(recipes).where(eq(recipes.authorId, id));
      // Lock the reviewed recipes in a fixed order before deleting, so concurrent review writes cannot interleave.
      // NO KEY UPDATE is enough for that (review writers take FOR UPDATE), and unlike FOR UPDATE it does not wait
      // for the key-share locks of foreign-key checks: a save or review by this user in another tab holds one on the
      // recipe while it waits for the user row locked above, which would be a deadlock.
      const reviewed = await tx.execute<{ id: string }>(sql`
        SELECT r.id FROM recipes r
        WHERE r.id IN (SELECT recipe_id FROM reviews WHERE owner_id = ${id}) AND r.author_id <> ${id}
        ORDER BY r.id FOR NO KEY UPDATE OF r`);
      await tx.delete(users).where(eq(users.id, id));
      const reviewedIds = reviewed.rows.map((row) => row.id);
      if (reviewedIds.length > 0) {
        await tx.execute(sql`
          UPDATE recipes r SET
            rating_sum = COALESCE((SELECT sum(rating) FROM reviews WHERE recipe_id = r.id), 0),
            total_reviews = (SELECT count(*) FROM reviews WHERE recipe_id = r.id)
          WHERE r.id IN (${sql.join(
            reviewedIds.map((reviewedId) => sql`${reviewedId}::uuid`),
            sql`, `,
          )})`);
      }
      return {
        avatarKey: user.avatarKey,
        photoKeys: ownPhotos.map((row) => row.photoKey).filter((key): key is string => key !== null),
      };
    });
  }
}
