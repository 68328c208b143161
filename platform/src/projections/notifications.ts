import type { Position } from '../event-store/port.js';

export const PROJECTIONS_CHANNEL = 'epos_projections';

/**
 * What projections processes say on the channel: a version's progress, a rebuilt version taking
 * over, a version's status changing (stopped on an event it cannot apply, or started again), and
 * an operator's rebuild request.
 */
export type ProgressMessage =
  | { kind: 'progress'; name: string; version: number; position: Position }
  | { kind: 'takeover'; name: string; version: number }
  | { kind: 'status'; name: string; version: number }
  | { kind: 'rebuild'; name: string; rebuilds: number };

export function formatProgress(message: ProgressMessage): string {
  switch (message.kind) {
    case 'progress':
      return `progress:${message.name}:${message.version}:${message.position}`;
    case 'rebuild':
      return `rebuild:${message.name}:${message.rebuilds}`;
    default:
      return `${message.kind}:${message.name}:${message.version}`;
  }
}

export function parseProgress(payload: string): ProgressMessage | null {
  const [kind, name, number, position] = payload.split(':');
  if (!name || !number || !/^\d+$/.test(number)) return null;
  if (kind === 'progress' && position && /^\d+$/.test(position)) return { kind, name, version: Number(number), position: BigInt(position) };
  if (kind === 'takeover' || kind === 'status') return { kind, name, version: Number(number) };
  if (kind === 'rebuild') return { kind, name, rebuilds: Number(number) };
  return null;
}
