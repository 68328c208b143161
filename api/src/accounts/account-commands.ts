import { handleCommand, type CommandOutcome, type EventStore } from '@epos/platform';
import { accountDecider, type AccountCommand, type AccountState } from '@epos/domain/accounts/account-decider';
import { userStream, type AccountEvent, type Cause } from '@epos/schemas';

/**
 * A command on the user's stream, decided by the account decider. A registration starts the stream;
 * the rest record what happened to an account that exists (its credentials say so), whatever else
 * its stream gained meanwhile (a login, a note): its state is known without reading the stream, which
 * grows with every login and note, and they are appended at `stream_exists`.
 */
export function accountCommand(store: EventStore, userId: string, command: AccountCommand, cause: Cause): Promise<CommandOutcome<AccountEvent, AccountState>> {
  return handleCommand(store, {
    streamId: userStream(userId),
    decider: accountDecider(userId),
    command,
    cause,
    ...(command.kind === 'register' ? {} : { knownState: REGISTERED }),
  });
}

const REGISTERED: AccountState = { registered: true };
