import { DomainError, type Decider } from '../decider.js';
import type { Derivative, MediaEvent, SweepReason, UploadFacts, UploadKind } from '@epos/schemas';

export type { UploadFacts };

export interface MediaState {
  upload: UploadFacts | null;
  derivatives: { thumb: Derivative; web: Derivative } | null;
  removed: boolean;
}

/**
 * One stream per distinct file (`media-<hash>`). Uploading bytes that are in the library already
 * appends nothing (the first upload's name and uploader stay); after a removal they come back as
 * a new upload. Derivatives are recorded once (the job may run again: at-least-once delivery).
 */
export type MediaCommand =
  | { kind: 'upload'; facts: UploadFacts }
  | { kind: 'recordDerivatives'; thumb: Derivative; web: Derivative }
  | { kind: 'remove'; inUse: boolean }
  /** The storage sweep: `inUse` as the read models say now (a use since the sweep looked keeps it). */
  | { kind: 'sweep'; reason: SweepReason; unusedSince: string; lastUsedBy: string | null; inUse: boolean };

const mediaInitialState: MediaState = { upload: null, derivatives: null, removed: false };

function evolve(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaUploaded':
      return { upload: event.data, derivatives: null, removed: false };
    case 'MediaDerivativesMade':
      return { ...state, derivatives: { thumb: event.data.thumb, web: event.data.web } };
    case 'MediaRemoved':
    case 'UploadSwept':
      return { ...state, removed: true };
    default:
      return state;
  }
}

export const isInLibrary = (state: MediaState): boolean => state.upload !== null && !state.removed;

function decide(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.kind) {
    case 'upload':
      return isInLibrary(state) ? [] : [{ type: 'MediaUploaded', data: command.facts }];
    case 'recordDerivatives':
      if (!isInLibrary(state)) return [];
      if (state.upload!.kind !== 'image') throw new DomainError('invalid', 'Only images have derivatives');
      if (state.derivatives && state.derivatives.thumb.hash === command.thumb.hash && state.derivatives.web.hash === command.web.hash) return [];
      return [{ type: 'MediaDerivativesMade', data: { hash: state.upload!.hash, thumb: command.thumb, web: command.web } }];
    case 'remove':
      if (!isInLibrary(state)) throw new DomainError('not_found', 'No such file in the media library');
      if (command.inUse) throw new DomainError('conflict', 'The file is still shown somewhere: detach it first');
      return [{ type: 'MediaRemoved', data: { hash: state.upload!.hash } }];
    case 'sweep': {
      // Swept already, removed, or used again since the sweep looked: nothing to do.
      if (!isInLibrary(state) || command.inUse) return [];
      const { hash, size, uploader, originalName } = state.upload!;
      return [
        {
          type: 'UploadSwept',
          data: { hash, reason: command.reason, unusedSince: command.unusedSince, lastUsedBy: command.lastUsedBy, size, uploader, originalName },
        },
      ];
    }
  }
}

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = { initialState: mediaInitialState, evolve, decide };

/** Which sentence media kinds a file of this upload kind may be attached as. */
export function attachableKinds(kind: UploadKind): readonly string[] {
  return kind === 'audio' ? ['audio'] : ['painting', 'sketch', 'diagram', 'artistImage'];
}
