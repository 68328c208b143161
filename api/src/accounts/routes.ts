import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { PlatformDatabase } from '@epos/platform';
import {
  accountMessages,
  activationRequestBody,
  changePasswordBody,
  issueMessage,
  loginBody,
  registerBody,
  resetBody,
  resetRequestBody,
  userStream,
  accountFailure,
  accountSuccess,
  csrfAnswer,
  meAnswer,
  type AccountAnswer,
} from '@epos/schemas';
import { newUserKey, seal } from '@epos/projections/accounts/sealing';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { AccountOutbox } from '@epos/platform/accounts/account-outbox';
import { Credentials } from '@epos/platform/accounts/credentials';
import type { AccountCommand } from '@epos/domain/accounts/account-decider';
import { accountCommand } from './account-commands.js';
import { hashPassword } from './passwords.js';
import { csrfBinding, type Sessions } from './sessions.js';
import { isCommonPassword } from './common-passwords.js';

const CHECK_YOUR_MAIL = 'If that account exists, we have sent a link to its email address.';
const BAD_LOGIN = 'Invalid User Name or Password';
const ACCOUNT_LOCKED = "This account is locked. Write to the site's administrators if you think this is a mistake.";
const REGISTERED = 'Registered. We have sent an activation link to your email address.';

function answer(reply: FastifyReply, status: number, body: AccountAnswer): FastifyReply {
  return reply.code(status).send(body);
}

/** An account call's response schemas: `{ type: 1 }` with its success status, `{ type: 0, error }` with each refusal. */
const answers = (success: 200 | 201, ...refusals: (400 | 401 | 403 | 409)[]) => ({
  [success]: accountSuccess,
  ...Object.fromEntries(refusals.map((status) => [status, accountFailure])),
});

/** The spec's account calls: every answer is `{ type: 1 }` or `{ type: 0, error }`. */
export function accountRoutes(deps: ApiDeps, sessions: Sessions): FastifyPluginAsync {
  const credentials = new Credentials(deps.database.db);
  /** A command on the user's stream, correlated with the request that caused it. Mails follow the events (workers/src/accounts/reactor.ts). */
  const record = (request: FastifyRequest, userId: string, command: AccountCommand, actor = userId) =>
    accountCommand(deps.store, userId, command, { actor, correlationId: String(request.id) });
  const outbox = new AccountOutbox(deps.database.db, deps.store, deps.logger);
  /** Secrets changed by `work` and the event saying so, in one transaction (the event leaves through the outbox). */
  const changeSecrets = (
    request: FastifyRequest,
    userId: string,
    type: string,
    work: (credentials: Credentials, trx: Transaction<PlatformDatabase>) => Promise<boolean>,
  ) =>
    outbox.change({ streamId: userStream(userId), type, data: { userId }, cause: { actor: userId, correlationId: String(request.id) } }, (trx) =>
      work(new Credentials(trx), trx),
    );
  const later = (work: () => Promise<unknown>) =>
    void work().catch((error: unknown) => deps.logger.error({ err: error }, 'account work after answering failed'));
  const parse = <S extends z.ZodType>(schema: S, body: unknown): { ok: true; data: z.output<S> } | { ok: false; error: string } => {
    const result = schema.safeParse(body ?? {});
    return result.success ? { ok: true, data: result.data } : { ok: false, error: issueMessage(result.error.issues[0]!) };
  };

  /** Locked by an admin (the console): logins are refused. */
  const isLocked = async (request: FastifyRequest, userId: string) => {
    const users = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
    return (await users.selectFrom('users').select('locked').where('user_id', '=', userId).executeTakeFirst())?.locked ?? false;
  };

  /** Someone tried to register with an email that has an account: its owner hears of it. */
  const tellOwner = (request: FastifyRequest, owner: { user_id: string }) => record(request, owner.user_id, { kind: 'recordRegistrationAttempt' }, 'anonymous');

  /** A new account and its registration in the log (which sends the activation mail). */
  const createAccount = async (request: FastifyRequest, input: { UserName: string; Email: string; Name: string; passwordHash: string }): Promise<void> => {
    const { UserName, Email, Name } = input;
    const userId = randomUUID();
    const key = newUserKey();
    if (!(await credentials.create({ userId, userName: UserName, email: Email, passwordHash: input.passwordHash, key }))) {
      // The name or email was taken since the checks before answering.
      const owner = await credentials.byEmail(Email);
      if (owner) await tellOwner(request, owner);
      return;
    }
    try {
      await record(request, userId, { kind: 'register', personal: seal(key, { userName: UserName, email: Email, name: Name }) });
    } catch (error) {
      await credentials.remove(userId);
      throw error;
    }
  };

  return async (app) => {
    // Events a failed append left waiting are recorded at start and retried while the API runs.
    app.addHook('onReady', async () => outbox.start());
    app.addHook('onClose', async () => outbox.stop());

    app.post(
      '/register',
      {
        config: { permission: 'accounts.register' },
        schema: { tags: ['accounts'], summary: 'Register; sends an activation mail', response: answers(201, 400, 409) },
      },
      async (request, reply) => {
        const body = parse(registerBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        if (isCommonPassword(body.data.Password)) return answer(reply, 400, { type: 0, error: accountMessages.passwordTooCommon });
        const { UserName, Email, Password, Name } = body.data;
        if (await credentials.byUserName(UserName)) return answer(reply, 409, { type: 0, error: 'That User Name is taken; choose another' });
        const owner = await credentials.byEmail(Email);
        // The same work on both paths before answering (argon2 included), the rest after it: whether
        // an email has an account is the owner's business, so the answer must not tell by its timing.
        const passwordHash = await hashPassword(Password);
        later(() => (owner ? tellOwner(request, owner) : createAccount(request, { UserName, Email, Name, passwordHash })));
        return answer(reply, 201, { type: 1, message: REGISTERED });
      },
    );

    app.post(
      '/confirmemail',
      {
        config: { permission: 'accounts.confirmEmail' },
        schema: { tags: ['accounts'], summary: 'Confirm an email address with the code from the activation mail', response: answers(200, 400) },
      },
      async (request, reply) => {
        const body = parse(resetBody.pick({ userId: true, Code: true }), request.body);
        const confirmed =
          body.ok &&
          (await changeSecrets(request, body.data.userId, 'EmailConfirmed', async (inTransaction) => {
            if (!(await inTransaction.consumeCode(body.data.userId, 'activation', body.data.Code))) return false;
            await inTransaction.confirmEmail(body.data.userId);
            return true;
          }));
        if (!confirmed) return answer(reply, 400, { type: 0, error: 'This activation link is invalid or has expired. Ask for a new one.' });
        return answer(reply, 200, { type: 1, message: 'Your email is confirmed. You can log in now.' });
      },
    );

    app.post(
      '/login',
      {
        config: { permission: 'accounts.login' },
        schema: { tags: ['accounts'], summary: 'Log in; RememberMe keeps the session for 30 days', response: answers(200, 400, 401, 403) },
      },
      async (request, reply) => {
        const body = parse(loginBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        const user = await credentials.byUserName(body.data.UserName);
        const matches = await app.passwordChecks.verify(request, body.data.UserName, user?.password_hash, body.data.Password);
        if (!user) return answer(reply, 401, { type: 0, error: BAD_LOGIN });
        // Failures are recorded after answering, so an answer takes as long for a real user as for none.
        if (!matches) {
          later(() => record(request, user.user_id, { kind: 'recordFailedLogin', reason: 'password' }));
          return answer(reply, 401, { type: 0, error: BAD_LOGIN });
        }
        if (await isLocked(request, user.user_id)) {
          later(() => record(request, user.user_id, { kind: 'recordFailedLogin', reason: 'locked' }));
          return answer(reply, 403, { type: 0, error: ACCOUNT_LOCKED });
        }
        if (!user.email_confirmed) {
          later(() => record(request, user.user_id, { kind: 'recordFailedLogin', reason: 'unconfirmed' }));
          return answer(reply, 403, {
            type: 0,
            error: 'Your email address is not confirmed yet. Use "Resend the activation email" below the form to get a new link.',
          });
        }
        // A new session, never the one the browser came with.
        await sessions.close(request, reply);
        await sessions.open(reply, user.user_id, body.data.RememberMe);
        await record(request, user.user_id, { kind: 'recordLogin', remember: body.data.RememberMe });
        return answer(reply, 200, { type: 1 });
      },
    );

    app.post(
      '/logoff',
      { config: { permission: 'accounts.logoff' }, schema: { tags: ['accounts'], summary: 'Log out', response: answers(200) } },
      async (request, reply) => {
        await sessions.close(request, reply);
        return answer(reply, 200, { type: 1 });
      },
    );

    app.post(
      '/upassword',
      {
        config: { permission: 'accounts.changePassword' },
        schema: { tags: ['accounts'], summary: 'Change password; ends the other sessions', response: answers(200, 400) },
      },
      async (request, reply) => {
        const body = parse(changePasswordBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        if (isCommonPassword(body.data.NewPassword)) return answer(reply, 400, { type: 0, error: accountMessages.passwordTooCommon });
        const actor = request.actor!;
        const user = await credentials.byId(actor.id);
        if (!user || !(await app.passwordChecks.verify(request, user.user_name, user.password_hash, body.data.OldPassword)))
          return answer(reply, 400, { type: 0, error: 'The current password is not right' });
        const passwordHash = await hashPassword(body.data.NewPassword);
        await changeSecrets(request, actor.id, 'PasswordChanged', async (inTransaction, trx) => {
          await inTransaction.setPassword(actor.id, passwordHash);
          await sessions.endAll(actor.id, actor.sessionHash, trx);
          return true;
        });
        return answer(reply, 200, { type: 1, message: accountMessages.passwordChanged });
      },
    );

    app.post(
      '/rpassword',
      { config: { permission: 'accounts.requestReset' }, schema: { tags: ['accounts'], summary: 'Send a password reset link', response: answers(200, 400) } },
      async (request, reply) => {
        const body = parse(resetRequestBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        // The work happens after answering: the answer is the same, and as quick, for anyone.
        later(async () => {
          const user = await credentials.byUserName(body.data.UserName);
          if (user?.email_confirmed && !(await credentials.issuedRecently(user.user_id, 'reset')))
            await record(request, user.user_id, { kind: 'requestPasswordReset' });
        });
        return answer(reply, 200, { type: 1, message: CHECK_YOUR_MAIL });
      },
    );

    app.post(
      '/ractivation',
      {
        config: { permission: 'accounts.requestActivation' },
        schema: { tags: ['accounts'], summary: 'Send a new activation link', response: answers(200, 400) },
      },
      async (request, reply) => {
        const body = parse(activationRequestBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        later(async () => {
          const user = await credentials.byUserName(body.data.UserName);
          if (user && !user.email_confirmed && !(await credentials.issuedRecently(user.user_id, 'activation')))
            await record(request, user.user_id, { kind: 'requestActivation' });
        });
        return answer(reply, 200, { type: 1, message: CHECK_YOUR_MAIL });
      },
    );

    app.post(
      '/resetp',
      {
        config: { permission: 'accounts.resetPassword' },
        schema: { tags: ['accounts'], summary: 'Choose a new password with the code from the reset mail', response: answers(200, 400) },
      },
      async (request, reply) => {
        const body = parse(resetBody, request.body);
        if (!body.ok) return answer(reply, 400, { type: 0, error: body.error });
        // Before the code is spent, so the reader can choose another password with the same link.
        if (isCommonPassword(body.data.Password)) return answer(reply, 400, { type: 0, error: accountMessages.passwordTooCommon });
        const { userId, Code } = body.data;
        const passwordHash = await hashPassword(body.data.Password);
        const reset = await changeSecrets(request, userId, 'PasswordReset', async (inTransaction, trx) => {
          if (!(await inTransaction.consumeCode(userId, 'reset', Code))) return false;
          await inTransaction.setPassword(userId, passwordHash);
          await sessions.endAll(userId, undefined, trx);
          return true;
        });
        if (!reset) return answer(reply, 400, { type: 0, error: 'This reset link is invalid or has expired. Ask for a new one.' });
        return answer(reply, 200, { type: 1, message: 'Your password has been changed. You can log in now.' });
      },
    );

    // Served here, not beside the check in security.ts: routes added there precede the OpenAPI plugin and would be left out of its document.
    app.get(
      '/api/csrf',
      { schema: { tags: ['accounts'], summary: 'An anti-forgery token for the next state-changing requests in this session', response: { 200: csrfAnswer } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { token: reply.generateCsrf({ userInfo: csrfBinding(request) }) };
      },
    );

    app.get('/api/me', { schema: { tags: ['accounts'], summary: 'Who is signed in', response: { 200: meAnswer } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // While sessions cannot be checked, "not signed in" would be a lie: 503 instead.
      if (request.sessionUnknown) throw request.sessionUnknown;
      if (!request.actor) return { loggedIn: false };
      const user = await credentials.byId(request.actor.id);
      return { loggedIn: true, userId: request.actor.id, userName: user?.user_name ?? null, role: request.actor.role };
    });
  };
}
