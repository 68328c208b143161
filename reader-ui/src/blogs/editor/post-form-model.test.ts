import { describe, expect, it } from 'vitest';
import { postPayload, updatePostPayload } from '@epos/schemas/blogs/payloads';
import {
  buildPostPayload,
  buildUpdatePayload,
  emptyForm,
  fieldsFromServer,
  formFromPost,
  isAlreadyPublished,
  isBlankText,
  isoToLocalInput,
  sameText,
  saveFailureMessage,
  statusFromFlags,
  statusOptions,
  toLocalInput,
  validatePost,
  type EditablePost,
  type PostFormValues,
} from './post-form-model';

const filled: PostFormValues = {
  blog_id: 'poetry-notes',
  title: '  On Savitri  ',
  subtitle: 'A first look',
  series_title: 'Readings',
  excerpt: 'Short',
  md_content: '# Hello\n\nText',
  status: 0,
  publish_at: '',
};

const post: EditablePost = {
  id: '3f1c7c62-8f0e-4a8e-9a43-1f7e6c1d2b3a',
  blog_id: 'poetry-notes',
  url: 'on-savitri',
  title: 'On Savitri',
  subtitle: '',
  series_title: 'Readings',
  excerpt: '',
  md_content: 'Body',
  status: 1,
  isPublished: false,
  isScheduled: true,
  draft: false,
  published_at: '2030-05-06T07:08:00.000Z',
  created_at: '2030-01-01T00:00:00.000Z',
  revision: 4,
  autosave: null,
};

describe('validatePost', () => {
  it('accepts a complete form', () => {
    expect(validatePost(filled)).toEqual([]);
  });

  it('names every missing starred field under the spec’s one message', () => {
    const issues = validatePost({ ...emptyForm(''), md_content: '  \n' });
    expect(issues).toEqual([{ message: 'Fields marked with * are required', fields: ['blog_id', 'title', 'series_title', 'md_content'] }]);
  });

  it('requires a status, and a date and time when scheduling', () => {
    expect(validatePost({ ...filled, status: null })[0]?.fields).toEqual(['status']);
    expect(validatePost({ ...filled, status: 1, publish_at: '' })[0]?.fields).toEqual(['publish_at']);
    expect(validatePost({ ...filled, status: 1, publish_at: '2030-05-06' })[0]?.fields).toEqual(['publish_at']);
    expect(validatePost({ ...filled, status: 1, publish_at: '2030-05-06T09:30' })).toEqual([]);
  });
});

describe('buildPostPayload', () => {
  it('publishes now with the flags saying the same, trimmed texts and no schedule', () => {
    const body = buildPostPayload(filled, 'Asia/Kolkata');
    expect(body).toEqual({
      blog_id: 'poetry-notes',
      title: 'On Savitri',
      subtitle: 'A first look',
      series_title: 'Readings',
      excerpt: 'Short',
      md_content: '# Hello\n\nText',
      status: 0,
      isPublished: true,
      isScheduled: false,
      draft: false,
    });
    expect(postPayload.safeParse(body).success).toBe(true);
  });

  it('schedules with the local time and the writer’s time zone', () => {
    const body = buildPostPayload({ ...filled, status: 1, publish_at: '2030-05-06T09:30' }, 'Asia/Kolkata');
    expect(body).toMatchObject({ status: 1, isPublished: false, isScheduled: true, draft: false, published_at: '2030-05-06T09:30', time_zone: 'Asia/Kolkata' });
    const parsed = postPayload.safeParse(body);
    expect(parsed.success && parsed.data.status).toBe(1);
  });

  it('keeps a draft, ignoring a date typed before switching to draft', () => {
    const body = buildPostPayload({ ...filled, status: 2, publish_at: '2030-05-06T09:30' }, 'UTC');
    expect(body).toMatchObject({ status: 2, isPublished: false, isScheduled: false, draft: true });
    expect(body).not.toHaveProperty('published_at');
    expect(body).not.toHaveProperty('time_zone');
  });

  it('updates with the post id and the loaded revision', () => {
    const body = buildUpdatePayload(filled, 'UTC', post.id, 4);
    expect(body).toMatchObject({ id: post.id, revision: 4, status: 0 });
    expect(updatePostPayload.safeParse(body).success).toBe(true);
    expect(buildUpdatePayload(filled, 'UTC', post.id, null)).not.toHaveProperty('revision');
  });
});

describe('status', () => {
  it('follows `status`, else the flags', () => {
    expect(statusFromFlags({ status: 2, isScheduled: true })).toBe(2);
    expect(statusFromFlags({ isScheduled: true })).toBe(1);
    expect(statusFromFlags({ draft: true })).toBe(2);
    expect(statusFromFlags({ isPublished: true })).toBe(0);
    expect(statusFromFlags({})).toBe(0);
  });

  it('knows a published post, and offers publishing only before that', () => {
    expect(isAlreadyPublished(null)).toBe(false);
    expect(isAlreadyPublished({ status: 0, isPublished: true })).toBe(true);
    expect(isAlreadyPublished({ status: 1, isPublished: false, isScheduled: true })).toBe(false);
    expect(isAlreadyPublished({ status: 2, isPublished: false, draft: true })).toBe(false);
    expect(statusOptions(false).map((o) => o.value)).toEqual([0, 1, 2]);
    expect(statusOptions(true)).toEqual([
      { value: 0, label: 'Published' },
      { value: 2, label: 'Revert to draft' },
    ]);
  });
});

describe('dates', () => {
  it('writes datetime-local values in this browser’s time zone', () => {
    expect(toLocalInput(new Date(2030, 0, 2, 3, 4, 59))).toBe('2030-01-02T03:04');
    const at = new Date(2030, 4, 6, 7, 8);
    expect(isoToLocalInput(at.toISOString())).toBe('2030-05-06T07:08');
    expect(isoToLocalInput('2030-05-06T07:08')).toBe('2030-05-06T07:08');
    expect(isoToLocalInput(null)).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
});

describe('formFromPost', () => {
  it('preselects the status and the schedule from the post', () => {
    const form = formFromPost(post);
    expect(form.status).toBe(1);
    expect(form.publish_at).toBe(isoToLocalInput(post.published_at));
    expect(formFromPost({ ...post, status: 2, isScheduled: false, draft: true }).publish_at).toBe('');
  });
});

describe('texts', () => {
  it('compares and finds blank texts', () => {
    expect(sameText(filled, { ...filled })).toBe(true);
    expect(sameText(filled, { ...filled, excerpt: 'Other' })).toBe(false);
    expect(isBlankText({ title: ' ', subtitle: '', series_title: '', excerpt: '\n', md_content: '' })).toBe(true);
    expect(isBlankText(filled)).toBe(false);
  });
});

describe('server answers', () => {
  it('maps the fields a 400 names to form fields', () => {
    expect(fieldsFromServer(['md_content', 'title', 'published_at', 'nonsense'])).toEqual(['title', 'md_content', 'publish_at']);
    expect(fieldsFromServer(undefined)).toEqual([]);
  });

  it('shows the server’s words for 400 and 409, else the spec’s generic failure', () => {
    expect(saveFailureMessage(409, 'The post was changed by someone else')).toBe('The post was changed by someone else');
    expect(saveFailureMessage(400, 'Fields marked with * are required')).toBe('Fields marked with * are required');
    expect(saveFailureMessage(400, '')).toBe('An error Occured');
    expect(saveFailureMessage(500, 'boom')).toBe('An error Occured');
    expect(saveFailureMessage(0, undefined)).toBe('An error Occured');
  });
});
