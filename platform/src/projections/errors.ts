import type { Position, RecordedEvent } from '../event-store/port.js';

/** Raised by a projection when handling one event fails, so the runner can name it. */
export class EventHandlingError extends Error {
  readonly position: Position;
  readonly eventType: string;
  readonly streamId: string;

  constructor(
    event: Pick<RecordedEvent, 'position' | 'type' | 'streamId'>,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'EventHandlingError';
    this.position = event.position;
    this.eventType = event.type;
    this.streamId = event.streamId;
  }
}

/** The event a projection stopped at, and why. */
export interface ProjectionFailure {
  projection: string;
  version: number;
  position: Position;
  streamId: string;
  eventType: string;
  reason: string;
}

export class ProjectionStoppedError extends Error implements ProjectionFailure {
  readonly projection: string;
  readonly version: number;
  readonly position: Position;
  readonly streamId: string;
  readonly eventType: string;
  readonly reason: string;

  constructor(failure: ProjectionFailure) {
    super(describeFailure(failure));
    this.name = 'ProjectionStoppedError';
    ({
      projection: this.projection,
      version: this.version,
      position: this.position,
      streamId: this.streamId,
      eventType: this.eventType,
      reason: this.reason,
    } = failure);
  }
}

/** A read model a caller waits for has stopped before the position it waits for: it will not get there until an operator acts. */
export class ReadModelFailedError extends ProjectionStoppedError {
  constructor(failure: ProjectionFailure) {
    super(failure);
    this.name = 'ReadModelFailedError';
  }
}

/** What an operator can do about a stopped read model (docs/operations.md, "When a read model stops"). */
export function wayOut(projection: string): string {
  return `Once a fix is deployed, restarting the projections resumes from that event; \`npm run rebuild -- ${projection}\` rebuilds the read model from the start beside the one serving.`;
}

export function describeFailure(f: ProjectionFailure): string {
  return `Projection ${f.projection} v${f.version} stopped at position ${f.position} (stream ${f.streamId}, event ${f.eventType}): ${f.reason}`;
}
