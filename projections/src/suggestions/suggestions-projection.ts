import type { Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import {
  accountDeleted,
  suggestionAccepted,
  suggestionDeclined,
  suggestionMade,
  type SuggestionPart,
  type SuggestionStatus,
  suggestionReasonSealedSchema,
} from '@epos/schemas';
import { unsealedFor } from '../accounts/sealing.js';

export const SUGGESTIONS_PROJECTION = 'suggestions';

export interface SuggestionsReadModel {
  /** `sentence_id`: the sentence's permanent id; `reason`: the suggester's, unsealed (null once their account is gone). */
  suggestions: {
    suggestion_id: string;
    sentence_id: number;
    part: SuggestionPart;
    based_on: string;
    proposed: string;
    reason: string | null;
    suggester_id: string;
    made_at: string;
    status: SuggestionStatus;
    decided_by: string | null;
    decided_at: string | null;
    decline_reason: string | null;
  };
}

/** Readers' suggested corrections: open ones are the editors' review queue. */
export const suggestionsProjection = defineProjection({
  name: SUGGESTIONS_PROJECTION,
  version: 1,
  events: [suggestionMade, suggestionAccepted, suggestionDeclined, accountDeleted],
  async setup(db: Kysely<SuggestionsReadModel>) {
    await db.schema
      .createTable('suggestions')
      .addColumn('suggestion_id', 'uuid', (c) => c.primaryKey())
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('part', 'text', (c) => c.notNull())
      .addColumn('based_on', 'text', (c) => c.notNull())
      .addColumn('proposed', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('suggester_id', 'uuid', (c) => c.notNull())
      .addColumn('made_at', 'timestamptz', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decline_reason', 'text')
      .execute();
    await db.schema.createIndex('suggestions_by_status').on('suggestions').columns(['status', 'made_at']).execute();
    await db.schema.createIndex('suggestions_by_suggester').on('suggestions').column('suggester_id').execute();
  },
  handlers: {
    async SuggestionMade(event, db) {
      const { suggestionId, sentence, part, basedOn, proposed, reason, suggester } = event.data;
      const unsealed = reason === null ? null : await unsealedFor(db, suggester, reason, suggestionReasonSealedSchema);
      await db
        .insertInto('suggestions')
        .values({
          suggestion_id: suggestionId,
          sentence_id: sentence,
          part,
          based_on: basedOn,
          proposed,
          reason: unsealed,
          suggester_id: suggester,
          made_at: event.metadata.timestamp,
          status: 'open',
          decided_by: null,
          decided_at: null,
          decline_reason: null,
        })
        .onConflict((oc) => oc.column('suggestion_id').doNothing())
        .execute();
    },
    async SuggestionAccepted(event, db) {
      await db
        .updateTable('suggestions')
        .set({ status: 'accepted', decided_by: event.metadata.actor, decided_at: event.metadata.timestamp })
        .where('suggestion_id', '=', event.data.suggestionId)
        .execute();
    },
    async SuggestionDeclined(event, db) {
      await db
        .updateTable('suggestions')
        .set({ status: 'declined', decided_by: event.metadata.actor, decided_at: event.metadata.timestamp, decline_reason: event.data.reason })
        .where('suggestion_id', '=', event.data.suggestionId)
        .execute();
    },
    async AccountDeleted(event, db) {
      await db.updateTable('suggestions').set({ reason: null }).where('suggester_id', '=', event.data.userId).execute();
    },
  },
});
