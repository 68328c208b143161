import { describe, expect, it } from 'vitest';
import { deleteAccountBody } from '@epos/schemas/accounts/payloads';
import { deleteAccountTexts } from './messages';

describe('account messages', () => {
  it('ask for the delete password in the server’s words', () => {
    const parsed = deleteAccountBody.safeParse({ Password: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(deleteAccountTexts.passwordRequired);
  });
});
