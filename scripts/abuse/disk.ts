/**
 * The disk attack: the demo reader uploads recordings of the largest size a file may have (50 MB,
 * each with bytes of its own, so none is the same upload twice) to `/postdata/works/audio` as fast
 * as the site takes them, for `target.seconds`. Before storage quotas a reader could add 10 GB an
 * hour this way (200 uploads an hour). Bound: the media folder grows by at most the account's
 * quota (STORAGE_ACCOUNT_QUOTA_MB, default 250 MB), every refusal is a 413 or 507 naming the
 * quota, nothing is left half-written, and a section still reads 200.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { silentWav } from '@epos/platform/testkit/wav';
import { SiteClient } from '../testkit/site-client.js';
import type { AbuseReport, AbuseTarget } from './attack.js';

const MB = 1024 * 1024;
/** The size cap of an audio upload (schemas/src/media/limits.ts). */
const FILE_BYTES = 50 * MB;
const DEFAULT_ACCOUNT_QUOTA_MB = 250;
/** The upload limit of a reader's works: 20 a minute, 200 an hour (api/src/accounts/write-limits.ts). */
const UPLOADS_AN_HOUR = 200;
const UPLOAD_TIMEOUT_MS = 120_000;

/** Bytes of every file under `folder`, and how many are temporary (`.part`). */
async function folderBytes(folder: string): Promise<{ bytes: number; partial: number }> {
  let bytes = 0;
  let partial = 0;
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += (await stat(file).catch(() => ({ size: 0 }))).size;
    if (entry.name.endsWith('.part')) partial += 1;
  }
  return { bytes, partial };
}

/** A WAV of `FILE_BYTES` (8 kHz, 8-bit mono), its samples made its own by `serial`. */
function recording(base: Buffer<ArrayBuffer>, serial: number): Blob {
  base.writeUInt32LE(serial, 44);
  return new Blob([base], { type: 'audio/wav' });
}

export async function diskAttack(target: AbuseTarget): Promise<AbuseReport> {
  const { base, dataDir } = target.site;
  const quotaMb = Number(target.settings?.STORAGE_ACCOUNT_QUOTA_MB ?? DEFAULT_ACCOUNT_QUOTA_MB);
  const mediaFolder = path.join(dataDir, 'media');
  const reader = new SiteClient(base);
  await reader.login('reader', 'demo-reader-password');
  const wav = silentWav(FILE_BYTES - 44);

  const dataBefore = await folderBytes(dataDir);
  const mediaBefore = await folderBytes(mediaFolder);
  const statuses = new Map<number, number>();
  const refusals = new Set<string>();
  let accepted = 0;
  let sent = 0;
  let failed = 0;
  let firstRefusalAt: number | null = null;
  const started = performance.now();
  const deadline = started + target.seconds * 1000;
  while (performance.now() < deadline) {
    const form = new FormData();
    form.append('file', recording(wav, sent), `attack-${sent}.wav`);
    sent += 1;
    const answer = await reader.postForm('/postdata/works/audio', form, UPLOAD_TIMEOUT_MS).catch(() => null);
    if (answer === null) {
      failed += 1;
      continue;
    }
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    const body = (await answer.json().catch(() => ({}))) as { message?: string };
    if (answer.ok) {
      accepted += 1;
      continue;
    }
    firstRefusalAt ??= performance.now();
    if (body.message) refusals.add(`${answer.status}: ${body.message}`);
    // Rate limited: wait as told, as a patient attacker would.
    const retryAfter = Number(answer.headers.get('retry-after'));
    if (answer.status === 429 && retryAfter > 0)
      await new Promise((r) => setTimeout(r, Math.min(retryAfter * 1000, Math.max(0, deadline - performance.now()))));
  }
  const seconds = (performance.now() - started) / 1000;
  const mediaAfter = await folderBytes(mediaFolder);
  const dataAfter = await folderBytes(dataDir);
  const section = await fetch(`${base}/api/sbook/1/1/1`);

  const grownMb = (mediaAfter.bytes - mediaBefore.bytes) / MB;
  // Until the quota refuses, the attacker adds at the rate measured, at most the upload limit's 200 files
  // an hour; from then on nothing, until files no work uses are swept (48 h) or the reader deletes works.
  const acceptedSeconds = ((firstRefusalAt ?? performance.now()) - started) / 1000;
  const ratePerHourMb = Math.min(((accepted * FILE_BYTES) / MB / Math.max(acceptedSeconds, 0.001)) * 3600, (UPLOADS_AN_HOUR * FILE_BYTES) / MB);
  const perHourMb = Math.min(ratePerHourMb, quotaMb);
  const problems: string[] = [];
  if (grownMb > quotaMb + 1) problems.push(`the media folder grew by ${grownMb.toFixed(0)} MB, over the account's quota of ${quotaMb} MB`);
  const unexpected = [...statuses].filter(([status]) => ![200, 413, 429, 507].includes(status));
  if (unexpected.length > 0) problems.push(`answers other than 200, 413, 429 and 507: ${unexpected.map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  if (failed > 0) problems.push(`${failed} upload(s) had no answer`);
  if ([...refusals].some((r) => (r.startsWith('413') || r.startsWith('507')) && !/quota|disk/.test(r)))
    problems.push(`a refusal did not name the quota: ${[...refusals].join(' | ')}`);
  if (mediaAfter.partial > 0) problems.push(`${mediaAfter.partial} half-written file(s) left in the media folder`);
  if (section.status !== 200) problems.push(`a section answered ${section.status} after the attack`);
  return {
    attack: 'disk: 50 MB recordings, each new, as fast as the site takes them',
    figures: {
      'uploads sent': sent,
      'uploads stored': accepted,
      answers: [...statuses].map(([s, n]) => `${n}× ${s}`).join(', '),
      'refusal (first)': [...refusals][0] ?? '(none)',
      'account quota (MB)': quotaMb,
      'media folder growth (MB)': Math.round(grownMb),
      'data folder growth (MB)': Math.round((dataAfter.bytes - dataBefore.bytes) / MB),
      seconds: Math.round(seconds),
      'growth per attacker-hour at the default quotas (MB, extrapolated)': Math.round(perHourMb),
      'growth per attacker-hour before quotas (MB)': (UPLOADS_AN_HOUR * FILE_BYTES) / MB,
    },
    problems,
  };
}
