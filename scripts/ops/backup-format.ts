/**
 * A backup is a folder: `manifest.json` (written last: a folder without it is unfinished),
 * `tables/<table>.jsonl.gz` (one row a line, as PostgreSQL's `row_to_json` writes it, so that no
 * value passes through JavaScript numbers) and `media/<key>` (the media store's objects, each named
 * by the SHA-256 of its bytes).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OperatorError } from './cli.js';

export const FORMAT = 'epos-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/**
 * The tables kept, in the order they are loaded (credentials before what refers to them). Left
 * out: the read models and their projection_* bookkeeping (rebuilt from the log on restore),
 * rate_limits (counters of the last minutes) and the job queue (the `bullmq` schema: see docs/operations.md, "Backup and restore").
 */
export const TABLES: readonly { name: string; orderBy?: string; optional?: boolean }[] = [
  { name: 'events', orderBy: 'global_position' },
  { name: 'credentials' },
  { name: 'account_codes' },
  // Events written with the secrets they describe and not yet in the log: they leave it on the next start.
  { name: 'account_outbox', optional: true },
  { name: 'sessions', optional: true },
  { name: 'user_keys' },
  { name: 'site_secrets' },
  { name: 'reactor_checkpoints' },
  { name: 'effects_done' },
];

export interface TableEntry {
  name: string;
  file: string;
  columns: string[];
  rows: number;
  /** SHA-256 of the file's uncompressed lines. */
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The position of the last event in the backup: every event up to it, none after. */
  head: string;
  /** The migrations the rows were written under. */
  migrations: string[];
  tables: TableEntry[];
  /** `sha256`: of the sorted object keys, one a line. */
  media: { objects: number; bytes: number; sha256: string };
  /** SHA-256 of this manifest without this field, as JSON. */
  checksum: string;
}

export const tableFile = (name: string) => path.join('tables', `${name}.jsonl.gz`);
export const mediaFile = (key: string) => path.join('media', key);

export function manifestChecksum(manifest: Omit<BackupManifest, 'checksum'>): string {
  const { format, formatVersion, createdAt, head, migrations, tables, media } = manifest;
  return sha256(JSON.stringify({ format, formatVersion, createdAt, head, migrations, tables, media }));
}

export function keysDigest(keys: readonly string[]): string {
  return sha256(
    [...keys]
      .sort()
      .map((k) => `${k}\n`)
      .join(''),
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The manifest of a finished backup in `folder`, checked against its checksum. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new OperatorError(`${folder}: not a finished backup (no ${MANIFEST_FILE} in it)`);
    throw error;
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new OperatorError(`${path.join(folder, MANIFEST_FILE)}: not JSON`);
  }
  if (manifest.format !== FORMAT) throw new OperatorError(`${folder}: not an Epos backup`);
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new OperatorError(`${folder}: backup format ${manifest.formatVersion}, this version of Epos reads format ${FORMAT_VERSION}`);
  if (manifestChecksum(manifest) !== manifest.checksum)
    throw new OperatorError(`${path.join(folder, MANIFEST_FILE)}: its checksum does not match its content (edited or damaged)`);
  const strange = manifest.tables.find((t) => !/^[a-z_]+$/.test(t.name) || t.file !== tableFile(t.name));
  if (strange)
    throw new OperatorError(`${path.join(folder, MANIFEST_FILE)}: table ${JSON.stringify(strange.name)} is not stored as a backup stores its tables`);
  return manifest;
}
