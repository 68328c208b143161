import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../db/tables.js';
import { newSecret, secretHash } from './secrets.js';

/** Long enough to outlast the mail queue's retries (about 4.5 hours). */
export const CODE_LIFETIME_MS = { activation: 48 * 3600_000, reset: 6 * 3600_000 } as const;
type Purpose = keyof typeof CODE_LIFETIME_MS;
/** How soon after a code another may be asked for. */
const CODE_COOLDOWN_MS = 60_000;

/** Password hashes, one-time codes and sessions: the account secrets kept outside the event log. */
export class Credentials {
  constructor(private readonly db: Kysely<PlatformDatabase>) {}

  byUserName(userName: string) {
    return this.db
      .selectFrom('credentials')
      .selectAll()
      .where(sql`lower(user_name)`, '=', userName.toLowerCase())
      .executeTakeFirst();
  }

  byEmail(email: string) {
    return this.db
      .selectFrom('credentials')
      .selectAll()
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  byId(userId: string) {
    return this.db.selectFrom('credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Creates the credentials and the user's sealing key; false when the name or email is taken. */
  async create(input: { userId: string; userName: string; email: string; passwordHash: string; key: Buffer; confirmed?: boolean }): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('credentials')
          .values({
            user_id: input.userId,
            user_name: input.userName,
            email: input.email,
            password_hash: input.passwordHash,
            email_confirmed: input.confirmed ?? false,
          })
          .execute();
        await trx.insertInto('user_keys').values({ user_id: input.userId, key: input.key }).execute();
      });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return false;
      throw error;
    }
  }

  async remove(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('credentials').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_keys').where('user_id', '=', userId).execute();
    });
  }

  async keyOf(userId: string): Promise<Buffer | null> {
    return (await this.db.selectFrom('user_keys').select('key').where('user_id', '=', userId).executeTakeFirst())?.key ?? null;
  }

  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('credentials').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
  }

  async confirmEmail(userId: string): Promise<void> {
    await this.db.updateTable('credentials').set({ email_confirmed: true }).where('user_id', '=', userId).execute();
  }

  /**
   * Whether a code for this purpose was issued within the last minute: a request so soon after
   * the last one sends nothing, so nobody can flood a user's inbox.
   */
  async issuedRecently(userId: string, purpose: Purpose): Promise<boolean> {
    const recent = await this.db
      .selectFrom('account_codes')
      .select('code_hash')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', new Date(Date.now() + CODE_LIFETIME_MS[purpose] - CODE_COOLDOWN_MS))
      .executeTakeFirst();
    return recent !== undefined;
  }

  /** A new single-use code; earlier unused codes for the same purpose stop working. */
  async issueCode(userId: string, purpose: Purpose): Promise<string> {
    const code = newSecret();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('account_codes').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
      await trx
        .insertInto('account_codes')
        .values({ code_hash: secretHash(code), user_id: userId, purpose, expires_at: new Date(Date.now() + CODE_LIFETIME_MS[purpose]), used_at: null })
        .execute();
    });
    return code;
  }

  /** Uses a code once: true only for an unused, unexpired code of this user and purpose. */
  async consumeCode(userId: string, purpose: Purpose, code: string): Promise<boolean> {
    const used = await this.db
      .updateTable('account_codes')
      .set({ used_at: new Date() })
      .where('code_hash', '=', secretHash(code))
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('code_hash')
      .executeTakeFirst();
    return used !== undefined;
  }
}
