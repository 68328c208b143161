/**
 * Reading a sentence aloud: the browser's own speech synthesis with a British
 * English voice when it has one, else the server's GET /api/tts (espeak-ng en-GB).
 */

/** The few fields of SpeechSynthesisVoice the choice needs. */
export interface VoiceInfo {
  readonly lang: string;
  readonly name: string;
  readonly localService?: boolean;
  readonly default?: boolean;
}

export type SpeechChoice<V extends VoiceInfo = VoiceInfo> = { readonly kind: 'browser'; readonly voice: V } | { readonly kind: 'server' };

/** The server's limit on the text of one request (api speech routes). */
const MAX_SPEECH_TEXT = 600;

function isBritish(voice: VoiceInfo): boolean {
  return voice.lang.replace('_', '-').toLowerCase() === 'en-gb';
}

/**
 * Where to speak: a British English browser voice (local voices first, then the
 * browser's default among them), else the server. No synthesis at all, or no
 * en-GB voice, means the server.
 */
export function chooseSpeech<V extends VoiceInfo>(hasSynthesis: boolean, voices: readonly V[]): SpeechChoice<V> {
  if (!hasSynthesis) return { kind: 'server' };
  const british = voices.filter(isBritish);
  const rank = (v: V) => (v.localService ? 0 : 2) + (v.default ? 0 : 1);
  const best = [...british].sort((a, b) => rank(a) - rank(b))[0];
  return best === undefined ? { kind: 'server' } : { kind: 'browser', voice: best };
}

/** The text to speak: the verse lines as one text, at most MAX_SPEECH_TEXT characters (cut at a word). */
export function speechText(lines: string): string {
  const text = lines.replace(/\s+/gu, ' ').trim();
  if (text.length <= MAX_SPEECH_TEXT) return text;
  const cut = text.slice(0, MAX_SPEECH_TEXT);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

export function ttsUrl(text: string): string {
  return `/api/tts?text=${encodeURIComponent(text)}`;
}
