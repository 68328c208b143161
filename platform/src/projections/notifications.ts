import type { Position } from '../event-store/port.js';

export const PROJECTIONS_CHANNEL = 'epos_projections';

export type ProgressMessage =
  | { kind: 'progress'; name: string; version: number; position: Position }
  | { kind: 'takeover'; name: string; version: number };

export function formatProgress(message: ProgressMessage): string {
  return message.kind === 'progress'
    ? `progress:${message.name}:${message.version}:${message.position}`
    : `takeover:${message.name}:${message.version}`;
}

export function parseProgress(payload: string): ProgressMessage | null {
  const [kind, name, version, position] = payload.split(':');
  if (!name || !version) return null;
  if (kind === 'progress' && position) return { kind, name, version: Number(version), position: BigInt(position) };
  if (kind === 'takeover') return { kind, name, version: Number(version) };
  return null;
}
