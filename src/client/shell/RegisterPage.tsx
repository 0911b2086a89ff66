import HowToRegIcon from '@mui/icons-material/HowToReg';
import { signUp } from '../home/catalog';
import { SignUpForm } from './SignUpForm';

/**
 * `/{locale}/partner/register`: a new partner account, created `pending` by the server; once its mailed link has
 * confirmed the address it signs in and sees its status until an administrator approves it.
 */
export default function RegisterPage() {
  if (!signUp) return null;
  return (
    <SignUpForm
      form={signUp}
      path={`${signUp.resource}/-/${signUp.endpoint}`}
      messages="app.register"
      doneKey="success"
      testId="register"
      icon={<HowToRegIcon />}
    />
  );
}
