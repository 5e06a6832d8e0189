import { SignupPage } from '@/features/auth/signup-page';

export function Component() {
  return (
    <>
      <title>Signup · Forkful</title>
      <SignupPage />
    </>
  );
}
