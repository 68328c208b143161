import { notJson } from '../api/responses.js';

/** GET /api/tts */
export const speechAudioAnswer = notJson('audio/wav: the text read aloud in British English (espeak-ng, voice en-gb)');
