import { notJson } from '../api/responses.js';

/** GET /api/tts */
export const speechAudioAnswer = notJson('audio/mpeg: the text read aloud in British English (espeak-ng, voice en-gb; MP3 by LAME)');
