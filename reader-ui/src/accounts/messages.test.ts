import { describe, expect, it } from 'vitest';
import { accountMessages as schemaMessages } from '@epos/schemas/accounts/payloads';
import { accountMessages } from './messages';

describe('account messages', () => {
  it('are the same as the server schema’s, so the two cannot drift apart', () => {
    expect(accountMessages).toEqual(schemaMessages);
  });
});
