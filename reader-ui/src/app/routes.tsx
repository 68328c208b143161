import { Route, Switch } from 'wouter';
import { ConfirmEmailPage } from '../accounts/confirm-email-page';
import { ForgotPasswordPage } from '../accounts/forgot-password-page';
import { LoginPage } from '../accounts/login-page';
import { MyAccountPage } from '../accounts/my-account-page';
import { PasswordPage } from '../accounts/password-page';
import { RegisterPage } from '../accounts/register-page';
import { ResendActivationPage } from '../accounts/resend-activation-page';
import { ResetPasswordPage } from '../accounts/reset-password-page';
import { accountPaths } from '../accounts/urls';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';

/**
 * Every reader route. Features add theirs above the catch-all, e.g.
 * `<Route path="/:book/:canto/:section/:edition?" component={SectionPage} />`.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path={accountPaths.login} component={LoginPage} />
      <Route path={accountPaths.register} component={RegisterPage} />
      <Route path={accountPaths.password} component={PasswordPage} />
      <Route path={accountPaths.account} component={MyAccountPage} />
      <Route path={accountPaths.forgotPassword} component={ForgotPasswordPage} />
      <Route path={accountPaths.resendActivation} component={ResendActivationPage} />
      <Route path={accountPaths.resetPassword} component={ResetPasswordPage} />
      <Route path={accountPaths.confirmEmail} component={ConfirmEmailPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
