import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useSearchParams } from 'react-router';
import { accountSignUp } from '../home/catalog';
import { safeRedirect } from './safe-redirect';
import { SignUpForm } from './SignUpForm';

/**
 * `/{locale}/signup`: a new customer account. Its mailed link confirms the address, signs in and goes on to
 * `?redirect=`.
 */
export default function SignupPage() {
  const [params] = useSearchParams();
  if (!accountSignUp) return null;
  return (
    <SignUpForm
      form={accountSignUp}
      path="auth/signup"
      messages="app.signup"
      doneKey="sent"
      testId="signup"
      icon={<PersonAddIcon />}
      redirect={safeRedirect(params.get('redirect'))}
    />
  );
}
