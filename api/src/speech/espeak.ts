import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { DiskCache } from './disk-cache.js';
import { Limiter } from './limiter.js';

const run = promisify(execFile);

/** espeak-ng's British English voice. */
const VOICE = 'en-gb';
/** MP3, as the spec says: LAME's variable bit rate for a mono voice, about a tenth of the WAV. */
export const AUDIO_TYPE = 'audio/mpeg';
const EXTENSION = 'mp3';
const LAME_ARGS = ['--quiet', '-m', 'm', '-V', '6', '-', '-'];
/** 600 characters of speech is under a minute: 16-bit mono at 22 kHz, about 2.6 MB of WAV. */
const MAX_AUDIO_BYTES = 16 * 1024 * 1024;

export interface EspeakOptions {
  /** The program: a name looked up on PATH, or a path (default "espeak-ng"). */
  program?: string;
  /** The MP3 encoder: a name looked up on PATH, or a path (default "lame", Debian's LAME). */
  encoder?: string;
  /** The PATH to look it up on (default the process's; tests hide espeak-ng with an empty folder). */
  searchPath?: string;
  /** Syntheses at once (default 2); more wait in a queue of `maxQueued` (default 16), beyond that: busy. */
  concurrency?: number;
  maxQueued?: number;
  /** A synthesis taking longer is killed (default 20 s). */
  timeoutMs?: number;
  /** The cache's cap on disk (default 256 MB); the least recently heard audio is removed first. */
  cacheBytes?: number;
}

/**
 * The cache key and ETag of a text's audio: sha256 of the voice, format and text, so a change of
 * voice or format never serves a client's old immutable copy.
 */
export function speechKey(text: string): string {
  return createHash('sha256').update(`${VOICE}\n${EXTENSION}\n${text}`).digest('hex');
}

/** Whitespace collapsed, so the same sentence laid out differently shares its audio. */
export function normaliseSpeechText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether the synthesiser and the encoder both run (`espeak-ng --version`, `lame --version`); checked once at start. */
export async function espeakAvailable(options: Pick<EspeakOptions, 'program' | 'encoder' | 'searchPath'> = {}): Promise<boolean> {
  try {
    const env = environment(options.searchPath);
    await run(options.program ?? 'espeak-ng', ['--version'], { timeout: 5000, env });
    await run(options.encoder ?? 'lame', ['--version'], { timeout: 5000, env });
    return true;
  } catch {
    return false;
  }
}

/**
 * espeak-ng writes to a pipe without knowing the length, so its RIFF and data chunk sizes are
 * placeholders (0x7ffff000-ish); they are set to the real sizes so every player can seek.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('espeak-ng did not produce a WAV file');
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - 8, 4);
      wav.writeUInt32LE(wav.length - (at + 8), at + 4);
      return wav;
    }
    at += 8 + wav.readUInt32LE(at + 4);
  }
  throw new Error('espeak-ng produced a WAV file without audio data');
}

/**
 * Text to British English speech with espeak-ng, kept on disk per text under `cacheDir` (up to its
 * cap) so a text heard again is not synthesised again. The text goes to espeak-ng as an argument
 * (execFile, no shell).
 */
export class EspeakSpeech {
  private readonly limiter: Limiter;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  readonly cache: DiskCache;

  constructor(
    readonly cacheDir: string,
    private readonly options: EspeakOptions = {},
  ) {
    this.limiter = new Limiter(options.concurrency ?? 2, options.maxQueued ?? 16);
    this.cache = new DiskCache(cacheDir, options.cacheBytes ?? 256 * 1024 * 1024, EXTENSION);
  }

  /** The most syntheses that ran at once. */
  get peakConcurrency(): number {
    return this.limiter.peak;
  }

  /** The audio of `text` (already normalised), from the cache or synthesised; BusyError when the queue is full. */
  async audio(text: string): Promise<{ key: string; audio: Buffer; cached: boolean }> {
    const key = speechKey(text);
    const cached = await this.cache.read(key);
    if (cached) return { key, audio: cached, cached: true };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.limiter.run(() => this.synthesise(text, key)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { key, audio: await pending, cached: false };
  }

  private async synthesise(text: string, key: string): Promise<Buffer> {
    const { stdout } = await run(this.options.program ?? 'espeak-ng', ['-v', VOICE, '--stdout', '--', text], {
      encoding: 'buffer',
      maxBuffer: MAX_AUDIO_BYTES,
      timeout: this.options.timeoutMs ?? 20_000,
      env: environment(this.options.searchPath),
    });
    const audio = await this.encode(fixWavSizes(stdout));
    await this.cache.write(key, audio);
    return audio;
  }

  /** WAV in, MP3 out, through LAME's standard input and output (no files, no shell). */
  private encode(wav: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const lame = spawn(this.options.encoder ?? 'lame', LAME_ARGS, { env: environment(this.options.searchPath), timeout: this.options.timeoutMs ?? 20_000 });
      const chunks: Buffer[] = [];
      let errors = '';
      lame.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      lame.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      lame.on('error', reject);
      lame.on('close', (code) => {
        const mp3 = Buffer.concat(chunks);
        if (code === 0 && mp3.length > 0) resolve(mp3);
        else reject(new Error(`lame failed (exit ${code}): ${errors.trim().slice(0, 300)}`));
      });
      // A closed pipe is reported by 'close' with its exit code.
      lame.stdin.on('error', () => undefined);
      lame.stdin.end(wav);
    });
  }
}

function environment(searchPath: string | undefined): NodeJS.ProcessEnv | undefined {
  return searchPath === undefined ? undefined : { ...process.env, PATH: searchPath };
}
