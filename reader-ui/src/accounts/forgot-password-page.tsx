import { Link } from 'wouter';
import { AccountLinks, AccountPage } from './account-page';
import { accountEndpoints } from './api';
import { UserNameRequestForm } from './user-name-request';
import { accountPaths } from '../ui/account-urls';
import { validateResetRequest } from './validate';

/** /forgot-password: emails a password reset link. */
export function ForgotPasswordPage() {
  return (
    <AccountPage title="Forgot password">
      <p>Enter your user name and we will email you a link to choose a new password.</p>
      <UserNameRequestForm id="forgot-password" endpoint={accountEndpoints.resetRequest} validate={validateResetRequest} submitLabel="Send reset link" />
      <AccountLinks>
        <li>
          <Link href={accountPaths.login}>Back to log in</Link>
        </li>
      </AccountLinks>
    </AccountPage>
  );
}
