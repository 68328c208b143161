import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createLogger, loadConfig } from '@epos/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { fileTypeFromBuffer } from 'file-type';
import { EspeakSpeech, espeakAvailable, fixWavSizes, normaliseSpeechText, speechKey } from './espeak.js';
import { SPEECH_UNAVAILABLE, speechCacheDir, speechRoutes } from './routes.js';

const installed = await espeakAvailable();
if (!installed) console.warn('espeak-ng is not installed here: the synthesis tests are skipped (Debian: apt-get install espeak-ng)');

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-tts-'));
});
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const tts = (app: FastifyInstance, text: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/tts', query: { text }, headers });

/** MP3 by its bytes: an MPEG audio frame's sync word first (LAME writes no ID3 tag here), and file-type agrees. */
async function expectMp3(body: Buffer) {
  expect(body[0]).toBe(0xff);
  expect(body[1]! & 0xe0).toBe(0xe0);
  expect(await fileTypeFromBuffer(body)).toEqual({ ext: 'mp3', mime: 'audio/mpeg' });
}

describe.skipIf(!installed)('GET /api/tts with espeak-ng', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('synthesises British English MP3 once, then serves the same audio from the disk cache', async () => {
    const text = 'The lamp of evening kindled on the hills.';
    const first = await tts(api.app, text);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers.etag).toBe(`"${speechKey(text)}"`);
    expect(first.headers['x-tts-cache']).toBe('miss');
    const audio = first.rawPayload;
    await expectMp3(audio);
    // About 2.5 s of a mono voice at LAME's -V 6: some 19 kB (the WAV was about 110 kB).
    expect(audio.length).toBeGreaterThan(5_000);
    expect(audio.length).toBeLessThan(100_000);

    const cacheFile = path.join(speechCacheDir(dataDir), `${speechKey(text)}.mp3`);
    const stored = await fs.stat(cacheFile);
    expect(stored.size).toBe(audio.length);

    const second = await tts(api.app, `  The lamp of evening\n kindled on the hills.  `);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-tts-cache']).toBe('hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(audio)).toBe(true);
    // Heard again: the same file (not synthesised anew), marked as recently used.
    const after = await fs.stat(cacheFile);
    expect(after.ino).toBe(stored.ino);
    expect(after.mtimeMs).toBeGreaterThanOrEqual(stored.mtimeMs);
    expect((await fs.readdir(speechCacheDir(dataDir))).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const text = 'Hush.';
    const first = await tts(api.app, text);
    const again = await tts(api.app, text, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('reads a text that looks like options as text', async () => {
    const response = await tts(api.app, '--help -v xx');
    expect(response.statusCode).toBe(200);
    await expectMp3(response.rawPayload);
  });

  it('answers 400 naming the text when it is missing, blank, over 600 characters or carries NUL, controls or broken encoding', async () => {
    for (const url of [
      '/api/tts',
      '/api/tts?text=',
      '/api/tts?text=%20%20',
      `/api/tts?text=${'a'.repeat(601)}`,
      '/api/tts?text=a%00b',
      '/api/tts?text=a%08b',
      '/api/tts?text=a%C2%9Bb',
    ]) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/^Invalid text: /);
    }
    expect((await tts(api.app, 'a '.repeat(300))).statusCode).toBe(200);
  });

  it('synthesises at most two texts at once and each text once', async () => {
    const speech = new EspeakSpeech(path.join(dataDir, 'concurrency'));
    const texts = ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'One.'];
    const results = await Promise.all(texts.map((text) => speech.audio(text)));
    expect(speech.peakConcurrency).toBe(2);
    expect(results[5]!.audio.equals(results[0]!.audio)).toBe(true);
    expect(await fs.readdir(speech.cacheDir)).toHaveLength(5);
  });
});

describe.skipIf(!installed)('the speech cache on disk', () => {
  it('stays under its cap, removing the least recently heard audio first, also after a restart', async () => {
    const folder = path.join(dataDir, 'capped');
    // About 13, 13, 20, 11 and 8 kB of audio.
    const first = new EspeakSpeech(folder, { cacheBytes: 40_000 });
    const texts = ['Arms and the man I sing.', 'Of wrath the goddess sing.', 'Midway upon the journey of our life.', 'Sing in me, Muse.', 'In the beginning.'];
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
    for (const text of texts) {
      await first.audio(text);
      await pause();
      expect((await first.audio(texts[0]!)).cached).toBe(true);
      await pause();
    }
    const files = await fs.readdir(folder);
    const sizes = await Promise.all(files.map(async (f) => (await fs.stat(path.join(folder, f))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(40_000);
    expect(files.length).toBeLessThan(texts.length);
    expect(files).toContain(`${speechKey(texts[0]!)}.mp3`);
    expect(files).toContain(`${speechKey(texts[4]!)}.mp3`);
    expect(files).not.toContain(`${speechKey(texts[1]!)}.mp3`);

    const restarted = new EspeakSpeech(folder, { cacheBytes: 16_000 });
    expect((await restarted.audio(texts[0]!)).cached).toBe(true);
    expect(restarted.cache.size).toBeLessThanOrEqual(16_000);
    expect(await fs.readdir(folder)).toEqual([`${speechKey(texts[0]!)}.mp3`]);
  });
});

describe('GET /api/tts without espeak-ng', () => {
  it('answers 503 with the uniform error shape and how to install it', async () => {
    const hidden = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-no-espeak-'));
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const deps = { config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logger: createLogger('silent', 'tts-test') };
    await app.register(speechRoutes(deps, { searchPath: hidden }));
    try {
      const response = await tts(app, 'Hello');
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ statusCode: 503, error: 'speech_unavailable', message: SPEECH_UNAVAILABLE });
      expect(SPEECH_UNAVAILABLE).toContain('apt-get install espeak-ng lame');
    } finally {
      await app.close();
      await fs.rm(hidden, { recursive: true, force: true });
    }
  });

  it.skipIf(!installed)('counts speech as unavailable when espeak-ng is there but the MP3 encoder is not', async () => {
    const onlyEspeak = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-no-lame-'));
    try {
      await fs.symlink(execFileSync('sh', ['-c', 'command -v espeak-ng']).toString().trim(), path.join(onlyEspeak, 'espeak-ng'));
      expect(await espeakAvailable({ searchPath: onlyEspeak })).toBe(false);
      expect(await espeakAvailable({ searchPath: process.env.PATH })).toBe(true);
    } finally {
      await fs.rm(onlyEspeak, { recursive: true, force: true });
    }
  });

  it('checks the program by running it', async () => {
    expect(await espeakAvailable({ program: 'espeak-ng', searchPath: '/nonexistent' })).toBe(false);
    expect(await espeakAvailable({ program: '/nonexistent/espeak-ng' })).toBe(false);
  });
});

describe('fixWavSizes and normaliseSpeechText', () => {
  it('sets the RIFF and data sizes espeak-ng leaves as placeholders when writing to a pipe', () => {
    const wav = Buffer.alloc(48);
    wav.write('RIFF', 0, 'ascii');
    wav.writeUInt32LE(0x7ffff024, 4);
    wav.write('WAVEfmt ', 8, 'ascii');
    wav.writeUInt32LE(16, 16);
    wav.write('data', 36, 'ascii');
    wav.writeUInt32LE(0x7ffff000, 40);
    fixWavSizes(wav);
    expect(wav.readUInt32LE(4)).toBe(40);
    expect(wav.readUInt32LE(40)).toBe(4);
    expect(() => fixWavSizes(Buffer.from('not audio at all, not audio at all, not audio at all'))).toThrow(/WAV/);
  });

  it('collapses whitespace so one sentence has one cache entry', () => {
    expect(normaliseSpeechText(' a\n\tb  c ')).toBe('a b c');
    expect(speechKey('a b')).toMatch(/^[0-9a-f]{64}$/);
    expect(speechKey('a b')).not.toBe(speechKey('a  b'));
  });
});
