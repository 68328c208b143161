import type { FastifyRequest } from 'fastify';
import { studyStream, type StudyEvent } from '@epos/schemas';
import { handleCommand, type CommandOutcome } from '@epos/platform';
import { Credentials } from '@epos/platform/accounts/credentials';
import { studyDecider, type StudyCommand, type StudyState } from '@epos/domain/study/study-decider';
import { seal } from '@epos/projections/accounts/sealing';
import type { ApiDeps } from '../deps.js';
import { causeOf } from '../commands.js';
import { pleaseLogIn } from '../accounts/security.js';

/** The one way a reader's study changes: a command on their study stream, and their words sealed with their key. */
export function studyCommands(deps: ApiDeps) {
  const credentials = new Credentials(deps.database.db);
  return {
    run: (request: FastifyRequest, userId: string, command: StudyCommand): Promise<CommandOutcome<StudyEvent, StudyState>> =>
      handleCommand(deps.store, {
        streamId: studyStream(userId),
        decider: studyDecider(userId),
        command,
        cause: causeOf(request),
        // The rules' facts come from the read model (see StudyCommand): the stream is not read.
        knownState: {},
        expectedRevision: 'any',
      }),
    /** Personal words (a note, a collection's name) sealed with the reader's key: erased with the account. */
    sealed: async (userId: string, value: string): Promise<string> => {
      const key = await credentials.keyOf(userId);
      if (!key) throw pleaseLogIn();
      return seal(key, value);
    },
  };
}
