import type { RecordedOf } from '@epos/platform';
import { mailOnce } from '@epos/platform/mail/index';
import { suggestionAccepted, suggestionDeclined } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { defineWorkerReactor, isNews, readModelsAt, type ReactorContext } from '../reactor-context.js';
import { suggestionAcceptedMail, suggestionDeclinedMail } from './mails.js';

type Decision = RecordedOf<typeof suggestionAccepted> | RecordedOf<typeof suggestionDeclined>;

/** The suggester hears of the editor's decision (nothing once their account is gone). */
async function tellSuggester(decision: Decision, context: ReactorContext): Promise<void> {
  if (!isNews(decision, context)) return;
  await mailOnce(context, `suggestion-${decision.type === 'SuggestionAccepted' ? 'accepted' : 'declined'}-${decision.data.suggestionId}`, async () => {
    await readModelsAt(context, decision, [USERS_PROJECTION]);
    const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    const user = await users
      .selectFrom('users')
      .select(['name', 'email'])
      .where('user_id', '=', decision.data.suggester)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!user?.email) return null;
    const about = { to: user.email, name: user.name, sentence: decision.data.sentence, part: decision.data.part };
    return decision.type === 'SuggestionAccepted'
      ? suggestionAcceptedMail(context.config, about)
      : suggestionDeclinedMail(context.config, { ...about, reason: decision.data.reason });
  });
}

/** Mails following editors' decisions on readers' suggestions. */
export const suggestionsReactor = defineWorkerReactor({
  name: 'suggestions',
  events: [suggestionAccepted, suggestionDeclined],
  on: {
    SuggestionAccepted: {
      effect: 'queues `mail.send` telling the suggester it was accepted (job id `suggestion-accepted-<suggestion>`)',
      react: tellSuggester,
    },
    SuggestionDeclined: {
      effect: 'queues `mail.send` telling the suggester it was declined, with the reason (job id `suggestion-declined-<suggestion>`)',
      react: tellSuggester,
    },
  },
});
