import { cardStream, type CardEvent } from '@epos/schemas';
import type { EventStore, RecordedEvent } from '../event-store/port.js';

type Data<Type extends CardEvent['type']> = Extract<CardEvent, { type: Type }>['data'];

/** A share card's stream, folded. */
export interface ShareCardState {
  requested: Data<'ShareCardRequested'> | null;
  made: Data<'ShareCardMade'> | null;
  /** Why every attempt failed, when no request came after the failure. */
  failed: string | null;
  /** Revision of the stream's last event (-1n: no stream). */
  revision: bigint;
}

function foldShareCard(events: readonly RecordedEvent[]): ShareCardState {
  const state: ShareCardState = { requested: null, made: null, failed: null, revision: -1n };
  for (const event of events) {
    state.revision = event.revision;
    if (event.type === 'ShareCardRequested') {
      state.requested ??= event.data as Data<'ShareCardRequested'>;
      state.failed = null;
    } else if (event.type === 'ShareCardMade') {
      state.made = event.data as Data<'ShareCardMade'>;
    } else if (event.type === 'ShareCardFailed') {
      if (!state.made) state.failed = (event.data as Data<'ShareCardFailed'>).reason;
    } else if (event.type === 'ShareCardExpired') {
      // Asked for again, it is drawn anew.
      state.made = null;
    }
  }
  return state;
}

export async function readShareCard(store: EventStore, cardId: string): Promise<ShareCardState> {
  return foldShareCard(await store.readStream(cardStream(cardId)));
}
