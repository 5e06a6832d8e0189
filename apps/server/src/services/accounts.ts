import type { Database } from '../db/client.js';
import { badRequest, unauthorized } from '../errors.js';
import type { SessionRepository } from '../repositories/sessions.js';
import { ACCOUNT_GONE, type UserRepository, type UserRow, type UserWithPassword } from '../repositories/users.js';
import { COMMON_PASSWORD, isCommonPassword } from './common-passwords.js';
import type { ImageService, ImageSource } from './images.js';
import { writeWithImage } from './image-writes.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

const INVALID_LOGIN = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** A session just started: the route signs its access token and sets the cookies. */
export interface NewSession {
  sessionId: string;
  refreshToken: string;
}

interface SignedIn {
  user: UserRow;
  session: NewSession;
}

/**
 * The account workflows that span several rows, or rows and files: sign-up, log-in, password change, avatar
 * change and account deletion. Each leaves the account whole: all of its writes, or none (and no stray file).
 */
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly images: ImageService,
  ) {}

  /** Creates the account (with its avatar, if any) and its first session together. */
  async register(
    values: { name: string; email: string; password: string },
    avatar: ImageSource | undefined,
  ): Promise<SignedIn> {
    const passwordHash = await this.newPasswordHash(values.password);
    // Sign-up alone takes a PNG or JPEG avatar only (spec section 5).
    return writeWithImage(
      this.images,
      'avatar',
      avatar && { bytes: avatar, accepted: 'pngOrJpeg' },
      async (avatarKey) => ({
        result: await this.db.transaction(async (tx) => {
          const user = await this.users.create({ name: values.name, email: values.email, passwordHash, avatarKey }, tx);
          return { user, session: await this.sessions.start(user.id, tx) };
        }),
        replacedKey: null,
      }),
    );
  }

  async logIn(email: string, password: string): Promise<SignedIn> {
    const user = await this.users.findByEmail(email);
    // The same answer and the same work whether or not the email exists.
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !valid) throw unauthorized(INVALID_LOGIN);
    return { user, session: await this.sessions.start(user.id) };
  }

  /** The caller's own account; 401 when it was deleted while their session lived on. */
  async user(userId: string): Promise<UserWithPassword> {
    const row = await this.users.findById(userId);
    if (!row) throw unauthorized(ACCOUNT_GONE);
    return row;
  }

  /**
   * Changes the password and ends every session, this one included (a stolen copy of its tokens dies too); the
   * device that asked carries on in the new session returned. All in one transaction.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<NewSession> {
    const user = await this.user(userId);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
    const passwordHash = await this.newPasswordHash(newPassword);
    return this.db.transaction(async (tx) => {
      await this.users.updatePasswordHash(userId, passwordHash, tx);
      await this.sessions.revokeAllForUser(userId, undefined, tx);
      return this.sessions.start(userId, tx);
    });
  }

  async rename(userId: string, name: string): Promise<UserRow> {
    const user = await this.users.updateName(userId, name);
    if (!user) throw unauthorized(ACCOUNT_GONE);
    return user;
  }

  /** Puts a new avatar on the account; the one it had goes. */
  replaceAvatar(userId: string, avatar: ImageSource): Promise<UserRow> {
    return this.setAvatar(userId, avatar);
  }

  removeAvatar(userId: string): Promise<UserRow> {
    return this.setAvatar(userId, undefined);
  }

  /** Deletes the account and everything it owns; their files go after the commit. */
  async delete(userId: string): Promise<void> {
    const removed = await this.users.deleteWithEverything(userId);
    if (!removed) throw unauthorized(ACCOUNT_GONE);
    await Promise.all([
      ...(removed.avatarKey ? [this.images.remove('avatar', removed.avatarKey)] : []),
      ...removed.photoKeys.map((key) => this.images.remove('recipe', key)),
    ]);
  }

  private async newPasswordHash(password: string): Promise<string> {
    if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD);
    return hashPassword(password);
  }

  private setAvatar(userId: string, avatar: ImageSource | undefined): Promise<UserRow> {
    return writeWithImage(this.images, 'avatar', avatar && { bytes: avatar }, async (avatarKey) => {
      const result = await this.users.replaceAvatarKey(userId, avatarKey);
      if (!result) throw unauthorized(ACCOUNT_GONE);
      return { result: result.user, replacedKey: result.previousKey };
    });
  }
}
