import { describe, expect, it } from 'vitest';
import { blogMessages as schemaMessages } from '@epos/schemas/blogs/payloads';
import { blogMessages } from './messages';

describe('blog messages', () => {
  it('are the same as the server schema’s, so the two cannot drift apart', () => {
    expect(blogMessages).toEqual(schemaMessages);
  });
});
