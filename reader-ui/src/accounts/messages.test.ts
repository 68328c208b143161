import { describe, expect, it } from 'vitest';
import { deleteAccountBody, accountMessages as schemaMessages } from '@epos/schemas/accounts/payloads';
import { accountMessages, deleteAccountTexts } from './messages';

describe('account messages', () => {
  it('are the same as the server schema’s, so the two cannot drift apart', () => {
    expect(accountMessages).toEqual(schemaMessages);
  });

  it('ask for the delete password in the server’s words', () => {
    const parsed = deleteAccountBody.safeParse({ Password: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(deleteAccountTexts.passwordRequired);
  });
});
