import type { User } from '@forkful/contracts';
import type { AppStore } from '@/app/store';
import { fetchCurrentUser } from '@/features/auth/auth-slice';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: { url: '/default-avatar.svg', isDefault: true, variants: [] },
    createdAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Puts the store in the logged-in state the start-up check would produce. */
export function logIn(store: AppStore, user: User = makeUser()): User {
  store.dispatch(fetchCurrentUser.fulfilled(user, 'test'));
  return user;
}
