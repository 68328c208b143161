import type { RecordedEvent } from '@epos/platform';
import { Credentials } from '@epos/platform/accounts/credentials';
import { mailOnce } from '@epos/platform/mail/index';
import type { MailMessage } from '@epos/platform/mail/index';
import { activationRequested, passwordResetRequested, registrationAttempted, userRegistered } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { defineWorkerReactor, isNews, readModelsAt, type ReactorContext } from '../reactor-context.js';
import { activationMail, alreadyRegisteredMail, resetMail } from './mails.js';

type Purpose = 'activation' | 'reset';
/** Every account event a mail follows is about one user. */
type AboutUser = RecordedEvent<string, { userId: string }>;

/** The user the event is about, as the site knows them now: null once the account is gone. */
async function userOf(event: AboutUser, context: ReactorContext) {
  const { userId } = event.data;
  await readModelsAt(context, event, [USERS_PROJECTION]);
  const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
  const user = await users
    .selectFrom('users')
    .select(['user_id', 'user_name', 'name', 'email'])
    .where('user_id', '=', userId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return user?.email ? { ...user, email: user.email } : null;
}

/** A mail with a fresh one-time code (how often one may be asked for is the route's to limit). */
function codeMail(
  purpose: Purpose,
  compose: (context: ReactorContext, user: { email: string; name: string; user_name: string; user_id: string }, code: string) => MailMessage,
) {
  return async (event: AboutUser, context: ReactorContext): Promise<void> => {
    if (!isNews(event, context)) return;
    await mailOnce(context, `${purpose}-${event.id}`, async () => {
      const user = await userOf(event, context);
      const credentials = new Credentials(context.database.db);
      // Activation is for unconfirmed addresses only, a reset for confirmed ones: as the credentials
      // say now (written before the event, so an account created confirmed gets no activation mail).
      const account = user && (await credentials.byId(user.user_id));
      if (!user || !account || account.email_confirmed !== (purpose === 'reset')) return null;
      // Issued only now, when the mail is about to be queued: a reaction run again after a
      // failure issues a new code for the mail that never left, never one for a mail on its way.
      return compose(context, user, await credentials.issueCode(user.user_id, purpose));
    });
  };
}

const activation = codeMail('activation', (context, user, code) => activationMail(context.config, user.email, user.name, user.user_id, code));

/** The account mails: each follows the event that asks for it, with a job id named after the event. */
export const accountsReactor = defineWorkerReactor({
  name: 'accounts',
  events: [userRegistered, activationRequested, passwordResetRequested, registrationAttempted],
  on: {
    UserRegistered: { effect: 'issues an activation code and queues `mail.send` with the activation link (job id `activation-<event>`)', react: activation },
    ActivationRequested: { effect: 'issues a new activation code and queues `mail.send` with it (job id `activation-<event>`)', react: activation },
    PasswordResetRequested: {
      effect: 'issues a reset code and queues `mail.send` with the reset link (job id `reset-<event>`)',
      react: codeMail('reset', (context, user, code) => resetMail(context.config, user.email, user.user_name, user.user_id, code)),
    },
    RegistrationAttempted: {
      effect: "queues `mail.send` telling the address's owner someone tried to register with it (job id `registration-attempt-<event>`)",
      react: async (event, context) => {
        if (!isNews(event, context)) return;
        await mailOnce(context, `registration-attempt-${event.id}`, async () => {
          const user = await userOf(event, context);
          return user ? alreadyRegisteredMail(context.config, user.email, user.user_name) : null;
        });
      },
    },
  },
});
