import type { PdfEvent } from '@epos/schemas';
import { pdfStream } from '@epos/schemas';
import type { EventStore, RecordedEvent } from '../event-store/port.js';

type Data<Type extends PdfEvent['type']> = Extract<PdfEvent, { type: Type }>['data'];

/** A PDF edition's stream, folded: its first request, its rendering, and whether it failed since it was last asked for. */
export interface PdfRequestState {
  requested: Data<'PdfRequested'> | null;
  rendered: Data<'PdfRendered'> | null;
  /** Why every attempt failed, when no request came after the failure. */
  failed: string | null;
  /** Its PDF was removed (an older content version's, kept past its time) and nobody has asked for it since. */
  expired: boolean;
  /** Requests that asked for the link by mail: the event id names each mail. */
  mails: { eventId: string; userId: string }[];
  /** Revision of the stream's last event (-1n: no stream). */
  revision: bigint;
}

function foldPdfRequest(events: readonly RecordedEvent[]): PdfRequestState {
  const state: PdfRequestState = { requested: null, rendered: null, failed: null, expired: false, mails: [], revision: -1n };
  for (const event of events) {
    state.revision = event.revision;
    if (event.type === 'PdfRequested') {
      const data = event.data as Data<'PdfRequested'>;
      state.requested ??= data;
      state.failed = null;
      state.expired = false;
      if (data.mailTo) state.mails.push({ eventId: event.id, userId: data.mailTo });
    } else if (event.type === 'PdfRendered') {
      state.rendered ??= event.data as Data<'PdfRendered'>;
    } else if (event.type === 'PdfFailed') {
      if (!state.rendered) state.failed = (event.data as Data<'PdfFailed'>).reason;
    } else if (event.type === 'PdfExpired') {
      // Asked for again, it is printed anew.
      state.rendered = null;
      state.expired = true;
    }
  }
  return state;
}

export async function readPdfRequest(store: EventStore, requestId: string): Promise<PdfRequestState> {
  return foldPdfRequest(await store.readStream(pdfStream(requestId)));
}
