import { foldStream } from '../commands/handle-command.js';
import type { EventStore } from '../event-store/port.js';
import { mediaStream } from '@epos/schemas';
import { mediaDecider, type MediaState } from '@epos/domain/media/media-decider';

/** An upload as its own stream has it now (in the library or taken out, its derivatives). */
export async function mediaNow(store: EventStore, hash: string): Promise<MediaState> {
  return (await foldStream(store, mediaStream(hash), mediaDecider)).state;
}
