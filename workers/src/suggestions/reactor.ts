import { defineReactor, type RecordedEvent } from '@epos/platform';
import { mailOnce } from '@epos/platform/mail/index';
import type { SuggestionEvent } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { isNews, readModelsAt, type ReactorContext } from '../reactor-context.js';
import { suggestionAcceptedMail, suggestionDeclinedMail } from './mails.js';

type Decision = Extract<SuggestionEvent, { type: 'SuggestionAccepted' | 'SuggestionDeclined' }>;

/** The suggester hears of the editor's decision (nothing once their account is gone). */
async function tellSuggester(event: RecordedEvent<Decision['type'], Decision['data']>, context: ReactorContext): Promise<void> {
  if (!isNews(event, context)) return;
  const decision = event as unknown as Decision;
  await mailOnce(context, `suggestion-${decision.type === 'SuggestionAccepted' ? 'accepted' : 'declined'}-${decision.data.suggestionId}`, async () => {
    await readModelsAt(context, event, [USERS_PROJECTION]);
    const users = await context.progress.readModel<UsersReadModel>(USERS_PROJECTION);
    const user = await users.selectFrom('users').select(['name', 'email']).where('user_id', '=', decision.data.suggester).where('deleted', '=', false).executeTakeFirst();
    if (!user?.email) return null;
    const about = { to: user.email, name: user.name, sentence: decision.data.sentence, part: decision.data.part };
    return decision.type === 'SuggestionAccepted' ? suggestionAcceptedMail(context.config, about) : suggestionDeclinedMail(context.config, { ...about, reason: decision.data.reason });
  });
}

/** Mails following editors' decisions on readers' suggestions. */
export const suggestionsReactor = defineReactor<ReactorContext>({
  name: 'suggestions',
  on: {
    SuggestionAccepted: { effect: 'queues `mail.send` telling the suggester it was accepted (job id `suggestion-accepted-<suggestion>`)', react: (event, context) => tellSuggester(event as RecordedEvent<'SuggestionAccepted', Decision['data']>, context) },
    SuggestionDeclined: { effect: 'queues `mail.send` telling the suggester it was declined, with the reason (job id `suggestion-declined-<suggestion>`)', react: (event, context) => tellSuggester(event as RecordedEvent<'SuggestionDeclined', Decision['data']>, context) },
  },
});
