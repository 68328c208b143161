import { getBlob } from '../../ui/http';
import { GENERIC_ERROR } from '../../ui/messages';
import { chooseSpeech, speechText, ttsUrl } from './speech';

/** The one thing being spoken; starting another stops it. */
let stopCurrent: (() => void) | null = null;

function voices(): Promise<SpeechSynthesisVoice[]> {
  const synth = window.speechSynthesis;
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  // Chromium fills the list asynchronously; wait a little for it.
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, 800);
    synth.addEventListener('voiceschanged', done);
  });
}

export function stopSpeech(): void {
  const stop = stopCurrent;
  stopCurrent = null;
  stop?.();
}

/**
 * Speaks `lines`; `onEnd` runs once when it ends, is stopped, or fails (with the
 * message to show). A British browser voice if there is one, else GET /api/tts.
 */
export async function speak(lines: string, onEnd: (error?: string) => void): Promise<void> {
  stopSpeech();
  const text = speechText(lines);
  let ended = false;
  const finish = (error?: string) => {
    if (ended) return;
    ended = true;
    onEnd(error);
  };
  const hasSynthesis = typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';
  const choice = chooseSpeech(hasSynthesis, hasSynthesis ? await voices() : []);

  if (choice.kind === 'browser') {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = choice.voice;
    utterance.lang = 'en-GB';
    utterance.onend = () => finish();
    utterance.onerror = (event) => finish(event.error === 'canceled' || event.error === 'interrupted' ? undefined : GENERIC_ERROR);
    stopCurrent = () => {
      window.speechSynthesis.cancel();
      finish();
    };
    window.speechSynthesis.speak(utterance);
    return;
  }

  const controller = new AbortController();
  let audio: HTMLAudioElement | null = null;
  let url: string | null = null;
  const cleanUp = () => {
    audio?.pause();
    if (url !== null) URL.revokeObjectURL(url);
  };
  stopCurrent = () => {
    controller.abort();
    cleanUp();
    finish();
  };
  try {
    // 503: the server says why (no espeak-ng); show its words.
    const speech = await getBlob(ttsUrl(text), {
      signal: controller.signal,
      failure: (status, problem) => (status === 503 ? problem.message : undefined) ?? GENERIC_ERROR,
    });
    if (!speech.ok) {
      cleanUp();
      finish(speech.message);
      return;
    }
    url = URL.createObjectURL(speech.data);
    audio = new Audio(url);
    audio.onended = () => {
      cleanUp();
      finish();
    };
    audio.onerror = () => {
      cleanUp();
      finish(GENERIC_ERROR);
    };
    await audio.play();
  } catch {
    cleanUp();
    finish(controller.signal.aborted ? undefined : GENERIC_ERROR);
  }
}
