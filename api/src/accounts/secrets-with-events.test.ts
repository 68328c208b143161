import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Credentials } from '@epos/platform/accounts/credentials';
import { userStream } from '@epos/schemas';
import { provisionUser } from './provision.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

/** Until the next append of an event of this type fails, as it would with the store unreachable: a real refusal by PostgreSQL. */
async function refuseAppends(type: string): Promise<() => Promise<void>> {
  const name = `refuse_${type.toLowerCase()}`;
  await sql`alter table events add constraint ${sql.ref(name)} check (type <> ${sql.lit(type)}) not valid`.execute(api.deps.database.db);
  return async () => void (await sql`alter table events drop constraint ${sql.ref(name)}`.execute(api.deps.database.db));
}

const typesOn = async (userId: string) => (await api.deps.store.readStream(userStream(userId))).map((event) => event.type);
const waiting = async () =>
  Number(
    (
      await api.deps.database.db
        .selectFrom('account_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('account secrets and the events about them never disagree', () => {
  it('a password change whose event cannot be appended yet is still recorded, once, when the store takes it again', async () => {
    const reader = await signIn(api, 'user');
    const allow = await refuseAppends('PasswordChanged');
    try {
      const changed = await reader.client.post('/upassword', { OldPassword: `pw-${reader.userName}-secret`, NewPassword: 'a-new-secret-42' });
      expect(changed.json()).toMatchObject({ type: 1 });
      expect(await typesOn(reader.userId)).not.toContain('PasswordChanged');
      expect(await waiting()).toBe(1);
    } finally {
      await allow();
    }
    await expect.poll(() => typesOn(reader.userId), { timeout: 20_000, interval: 250 }).toContain('PasswordChanged');
    expect((await typesOn(reader.userId)).filter((type) => type === 'PasswordChanged')).toHaveLength(1);
    expect(await waiting()).toBe(0);
    expect((await new TestClient(api.app).post('/login', { UserName: reader.userName, Password: 'a-new-secret-42' })).json()).toEqual({ type: 1 });
  });

  it('a password reset and an email confirmation are written with their events: a refused code changes neither', async () => {
    const userId = await provisionUser(api.deps, {
      userName: 'unconfirmed1',
      email: 'unconfirmed1@example.org',
      name: 'Un Confirmed',
      password: 'pw-unconfirmed-1',
      role: 'user',
      confirmed: false,
      actor: 'test',
    });
    // The activation mail's own code is issued by a reactor; ours, issued after it, replaces it.
    await caughtUp(api);
    const credentials = new Credentials(api.deps.database.db);
    const client = new TestClient(api.app);

    expect((await client.post('/confirmemail', { userId, Code: 'not-the-code' })).statusCode).toBe(400);
    expect(await typesOn(userId)).not.toContain('EmailConfirmed');
    const activation = await credentials.issueCode(userId, 'activation');
    const allow = await refuseAppends('EmailConfirmed');
    try {
      const confirmed = await client.post('/confirmemail', { userId, Code: activation });
      expect(confirmed.json(), confirmed.body).toMatchObject({ type: 1 });
      expect((await credentials.byId(userId))?.email_confirmed).toBe(true);
      expect(await typesOn(userId)).not.toContain('EmailConfirmed');
    } finally {
      await allow();
    }
    await expect.poll(() => typesOn(userId), { timeout: 20_000, interval: 250 }).toContain('EmailConfirmed');

    const reset = await credentials.issueCode(userId, 'reset');
    expect((await client.post('/resetp', { userId, Code: 'wrong-code', Password: 'another-secret-7' })).statusCode).toBe(400);
    expect(await typesOn(userId)).not.toContain('PasswordReset');
    expect((await client.post('/resetp', { userId, Code: reset, Password: 'another-secret-7' })).json()).toMatchObject({ type: 1 });
    expect((await typesOn(userId)).filter((type) => type === 'PasswordReset')).toHaveLength(1);
    expect(await waiting()).toBe(0);
  });
});
