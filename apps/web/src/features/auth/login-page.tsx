import { useNavigate } from 'react-router';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Welcome back" subtitle="Log in to save recipes, write reviews and share your own.">
      <LoginForm onLoggedIn={() => void navigate('/')} />
    </AuthCard>
  );
}
