/**
 * The links readers' works carry, checked strictly: plain values (no zod), so the apps may import
 * them. A video is a YouTube watch URL (`v=` parameter) and is only ever embedded from
 * youtube-nocookie.com by its id; other links are https addresses without credentials.
 */

/** Hosts a video URL may name; anything else (look-alikes, other ports, IP addresses) is refused. */
export const VIDEO_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com'] as const;
/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
export const MAX_WORK_URL_LENGTH = 2000;

export const videoEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;
export const videoWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

export type UrlCheck<T> = { ok: true; value: T } | { ok: false; reason: string };

function parsed(text: string): URL | null {
  // Whitespace, control characters and backslashes have no place in a link (browsers read `\` as `/`).
  // eslint-disable-next-line no-control-regex
  if (text.length > MAX_WORK_URL_LENGTH || /[\s\u0000-\u001f\u007f\\]/.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The video id of a YouTube watch URL with a `v=` parameter, or why it is refused. */
export function videoIdOf(text: string): UrlCheck<string> {
  const refused = { ok: false, reason: 'Urlto: expected a YouTube video URL such as https://www.youtube.com/watch?v=dQw4w9WgXcQ' } as const;
  const url = parsed(text.trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return refused;
  if (url.username !== '' || url.password !== '' || url.port !== '') return refused;
  if (!(VIDEO_HOSTS as readonly string[]).includes(url.hostname) || url.pathname !== '/watch') return refused;
  const ids = url.searchParams.getAll('v');
  if (ids.length !== 1 || !VIDEO_ID.test(ids[0]!)) return refused;
  return { ok: true, value: ids[0]! };
}

/** Where an uploaded audio file is served (`/media/files/<sha256>.<ext>`), as the media library names it. */
export const UPLOADED_AUDIO_PATH = /^\/media\/files\/[0-9a-f]{64}\.(mp3|m4a|ogg|wav)$/;

/** An https link (normalised), or why it is refused. */
export function httpsLinkOf(text: string): UrlCheck<string> {
  const refused = { ok: false, reason: 'Urlto: expected an https:// link' } as const;
  const url = parsed(text.trim());
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '') return refused;
  return { ok: true, value: url.href };
}

/** An audio work's link: a file uploaded to the media library, or an https link. */
export function audioLinkOf(text: string): UrlCheck<string> {
  const trimmed = text.trim();
  if (UPLOADED_AUDIO_PATH.test(trimmed)) return { ok: true, value: trimmed };
  const link = httpsLinkOf(trimmed);
  return link.ok ? link : { ok: false, reason: 'Urlto: expected an uploaded audio file or an https:// link' };
}
