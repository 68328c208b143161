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
import { SectionPage } from '../poem/section-page';
import { SentencePage } from '../poem/sentence-page';
import { HomePage } from './home-page';
import { NotFoundPage } from './not-found-page';

/** A section, in the First edition (no suffix) or another: /1/2/3, /1/2/3/revised. */
const SECTION_ROUTE = /^\/\d+\/\d+\/\d+(?:\/(?:centenary|revised))?\/?$/;
/** A sentence page: /12 (digits only, one segment). */
const SENTENCE_ROUTE = /^\/\d+\/?$/;

/** Every reader route. Features add theirs above the catch-all. */
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
      <Route path={SECTION_ROUTE} component={SectionPage} />
      <Route path={SENTENCE_ROUTE} component={SentencePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
