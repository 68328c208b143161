import { describe, expect, it } from 'vitest';
import { audioLinkOf, httpsLinkOf, videoEmbedUrl, videoIdOf } from './urls.js';
import { sentenceList, workForm } from './payloads.js';

describe('video URLs', () => {
  it('takes YouTube watch URLs with one well-formed v= id', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      '  https://www.youtube.com/watch?v=a-b_c-d_e-f  ',
    ])
      expect(videoIdOf(url).ok, url).toBe(true);
    expect(videoIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ ok: true, value: 'dQw4w9WgXcQ' });
    expect(videoEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('refuses hostile and look-alike URLs', () => {
    for (const url of [
      '',
      'dQw4w9WgXcQ',
      'javascript:alert(1)//?v=dQw4w9WgXcQ',
      'data:text/html,<script>alert(1)</script>?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://www.youtube.com/watch?v=dQw4w9WgX"Q',
      'https://www.youtube.com/watch?v=%22onload%3D',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&v=aaaaaaaaaaa',
      'https://www.youtube.com/watch?list=x',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ\n<iframe>',
      'https://www.youtube.com\\@evil.example/watch?v=dQw4w9WgXcQ',
      'ftp://www.youtube.com/watch?v=dQw4w9WgXcQ',
      `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(3000)}`,
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://youtu.be.evil/watch?v=dQw4w9WgXcQ',
    ])
      expect(videoIdOf(url).ok, url).toBe(false);
  });
});

describe('links', () => {
  it('takes https links and uploaded audio files only', () => {
    expect(httpsLinkOf('https://example.org/paper.pdf')).toEqual({ ok: true, value: 'https://example.org/paper.pdf' });
    for (const url of ['http://example.org/x', 'javascript:alert(1)', 'https://u:p@example.org/', '//example.org/x', '/relative', 'data:audio/mp3;base64,AAAA'])
      expect(httpsLinkOf(url).ok, url).toBe(false);
    expect(audioLinkOf(`/media/files/${'a'.repeat(64)}.mp3`).ok).toBe(true);
    for (const url of [`/media/files/${'a'.repeat(64)}.svg`, '/media/files/../../etc/passwd', `/media/files/${'a'.repeat(63)}.mp3`])
      expect(audioLinkOf(url).ok, url).toBe(false);
  });
});

describe('the work form', () => {
  it('reads SentenceNumber as a comma list', () => {
    expect(sentenceList('12, 13,14')).toEqual([12, 13, 14]);
    expect(sentenceList('12,12')).toEqual([12]);
    for (const bad of ['', '0', '1,,2', '1;2', '-1', '1.5', 'x', '1-3', Array.from({ length: 21 }, (_, i) => i + 1).join(',')])
      expect(sentenceList(bad), bad).toBeNull();
  });

  it('needs text for an annotation and a valid link for the other types, naming the field', () => {
    const fail = (body: object) => workForm.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}|${i.message}`);
    expect(fail({ TypeOf: 'text', SentenceNumber: '1', Description: ' ' })).toEqual(['Description|Description: an annotation needs text']);
    expect(fail({ TypeOf: 'text', SentenceNumber: '1', Description: 'x', Urlto: 'https://example.org' })).toEqual([
      'Urlto|Urlto: an annotation has no link; write it in the text',
    ]);
    expect(fail({ TypeOf: 'video', SentenceNumber: '1', Urlto: 'https://evil.example/watch?v=dQw4w9WgXcQ' })?.[0]).toMatch(
      /^Urlto\|Urlto: expected a YouTube video URL/,
    );
    expect(fail({ TypeOf: 'film', SentenceNumber: '1' })?.[0]).toMatch(/^TypeOf\|TypeOf: one of text, audio, video, rts, slps/);
    expect(fail({ TypeOf: 'rts', SentenceNumber: '1 2', Urlto: 'https://example.org' })?.[0]).toMatch(/^SentenceNumber\|/);
    expect(
      workForm.parse({ TypeOf: 'video', SentenceNumber: '2, 3', Urlto: 'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1', Description: 'A reading' }),
    ).toEqual({
      sentences: [2, 3],
      content: { type: 'video', description: 'A reading', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    });
    expect(workForm.parse({ TypeOf: 'slps', SentenceNumber: 7, Urlto: 'https://example.org/slides' }).sentences).toEqual([7]);
  });
});
