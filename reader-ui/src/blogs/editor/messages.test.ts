import { describe, expect, it } from 'vitest';
import { postPayload } from '@epos/schemas/blogs/payloads';
import { blogMessages } from './messages';

describe('blog messages', () => {
  it('name missing post fields in the server’s words', () => {
    const parsed = postPayload.safeParse({ blog_id: 'b', title: '', series_title: 's', md_content: 'x', status: 0 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(blogMessages.required);
  });
});
