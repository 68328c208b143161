import type { Position } from '../event-store/port.js';

/** Raised by a projection when handling one event fails, so the runner can name it. */
export class EventHandlingError extends Error {
  constructor(
    readonly position: Position,
    readonly eventType: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'EventHandlingError';
  }
}

export class ProjectionStoppedError extends Error {
  constructor(
    readonly projection: string,
    readonly version: number,
    readonly position: Position,
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`Projection ${projection} v${version} stopped at position ${position} (event type ${eventType}): ${reason}`);
    this.name = 'ProjectionStoppedError';
  }
}
