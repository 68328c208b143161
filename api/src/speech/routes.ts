import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText, speechAudioAnswer } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { readLimits } from '../accounts/write-limits.js';
import { HttpError } from '../http/error-handler.js';
import { AUDIO_TYPE, EspeakSpeech, espeakAvailable, normaliseSpeechText, speechKey, type EspeakOptions } from './espeak.js';
import { BusyError } from './limiter.js';

const MAX_SPEECH_TEXT = 600;
export const SPEECH_UNAVAILABLE =
  'Speech is not available on this server: install espeak-ng and lame (Debian: apt-get install espeak-ng lame) and restart the server. Your browser may still read the text aloud.';
const SPEECH_BUSY = 'Speech is busy right now; please try again in a moment.';

const speechQuery = z.object({
  text: requiredText(MAX_SPEECH_TEXT, 'expected some text', `expected at most ${MAX_SPEECH_TEXT} characters`).describe('the text to read aloud'),
});

/** Where synthesised audio is kept: `<DATA_DIR>/tts-cache/<sha256>.mp3`. */
export function speechCacheDir(dataDir: string): string {
  return path.join(dataDir, 'tts-cache');
}

/**
 * `GET /api/tts?text=`: British English speech for browsers without their own, synthesised on the
 * server by espeak-ng (voice en-gb) and encoded to MP3 by LAME, each text once, then served from disk. No key reaches
 * the client. Without espeak-ng the route answers 503 saying how to install it.
 */
export function speechRoutes(deps: Pick<ApiDeps, 'config' | 'logger'>, options: EspeakOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const available = await espeakAvailable(options);
    const speech = available
      ? new EspeakSpeech(speechCacheDir(deps.config.dataDir), { cacheBytes: deps.config.TTS_CACHE_MB * 1024 * 1024, ...options })
      : undefined;
    if (speech) deps.logger.info({ cacheDir: speech.cacheDir }, 'speech: espeak-ng and lame found; /api/tts serves en-GB MP3');
    else deps.logger.warn('speech: espeak-ng or lame not found; /api/tts answers 503 (Debian: apt-get install espeak-ng lame)');

    app.get(
      '/api/tts',
      {
        config: { reads: [], readLimit: readLimits.speech },
        schema: {
          tags: ['speech'],
          summary: 'British English speech of a text (audio/mpeg), cached per text; 503 when the server has no speech synthesiser',
          querystring: speechQuery,
          response: { 200: speechAudioAnswer },
        },
      },
      async (request, typedReply) => {
        // Audio goes out as bytes, which the schema documents as its media type, not as their type.
        const reply: FastifyReply = typedReply;
        const text = normaliseSpeechText(request.query.text);
        const etag = `"${speechKey(text)}"`;
        const cacheable = () => reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
        const match = request.headers['if-none-match'];
        if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return cacheable().code(304).send();
        if (!speech) throw new HttpError(503, 'speech_unavailable', SPEECH_UNAVAILABLE, { 'cache-control': 'no-store' });
        try {
          const { audio, cached } = await speech.audio(text);
          return cacheable()
            .header('x-tts-cache', cached ? 'hit' : 'miss')
            .type(AUDIO_TYPE)
            .send(audio);
        } catch (error) {
          if (error instanceof BusyError) throw new HttpError(503, 'speech_busy', SPEECH_BUSY, { 'retry-after': '2', 'cache-control': 'no-store' });
          throw error;
        }
      },
    );
  };
}
