import { RequireLogin } from '@/features/auth/require-login';
import { ProfilePage } from '@/features/users/profile-page';

export function Component() {
  return (
    <>
      <title>Profile · Forkful</title>
      <RequireLogin>
        <ProfilePage />
      </RequireLogin>
    </>
  );
}
