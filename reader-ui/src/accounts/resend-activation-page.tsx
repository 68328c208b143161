import { Link } from 'wouter';
import { AccountLinks, AccountPage } from './account-page';
import { accountEndpoints } from './api';
import { UserNameRequestForm } from './user-name-request';
import { accountPaths } from '../ui/account-urls';
import { validateActivationRequest } from './validate';

/** /resend-activation: emails the account activation link again. */
export function ResendActivationPage() {
  return (
    <AccountPage title="Resend activation">
      <p>Enter your user name and we will email you the activation link again.</p>
      <UserNameRequestForm
        id="resend-activation"
        endpoint={accountEndpoints.activationRequest}
        validate={validateActivationRequest}
        submitLabel="Send activation link"
      />
      <AccountLinks>
        <li>
          <Link href={accountPaths.login}>Back to log in</Link>
        </li>
      </AccountLinks>
    </AccountPage>
  );
}
