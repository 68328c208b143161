import { atom } from 'jotai';
import type { Layer, SectionRef } from '../api';
import type { Lang } from '../reading';
import type { Edition } from '@epos/schemas/poem/editions';
import type { StudyLine } from './api';
import type { TextRange } from '@epos/schemas/study/text-quote';

/** What the study host shows: one modal at a time (the pictures modal nests its lightbox). */
export type StudyRequest =
  | { readonly kind: 'dictionary'; readonly word: string }
  | { readonly kind: 'notes'; readonly line: StudyLine }
  | { readonly kind: 'readings'; readonly line: StudyLine; readonly layer: string }
  | { readonly kind: 'pictures'; readonly line: StudyLine }
  | { readonly kind: 'image'; readonly title: string; readonly src: string; readonly alt: string }
  | { readonly kind: 'text'; readonly title: string; readonly text: string }
  | { readonly kind: 'translation'; readonly n: number; readonly lang: Lang; readonly section: SectionRef | null }
  | { readonly kind: 'commentary'; readonly n: number; readonly layers: readonly string[] }
  /** Suggest a correction to (editors: edit) the verse or a note of sentence n. */
  | { readonly kind: 'correction'; readonly n: number }
  /** The reader's highlights in a sentence, and words of it to highlight (a selection's characters). */
  | { readonly kind: 'highlight'; readonly line: StudyLine; readonly range?: TextRange }
  /** Everything around a sentence, counted: the Connections panel. */
  | { readonly kind: 'connections'; readonly line: StudyLine }
  /** Sentence n in the reader's collections of bookmarks. */
  | { readonly kind: 'bookmark'; readonly n: number }
  /** Sentence n (permanent id) cited in its edition. */
  | { readonly kind: 'cite'; readonly n: number; readonly id: number; readonly edition: Edition };

export interface OpenStudy {
  readonly request: StudyRequest;
  /** Where focus goes back to when the modal closes (the control that opened it, or the sentence). */
  readonly returnTo: HTMLElement | null;
}

export const studyAtom = atom<OpenStudy | null>(null);

/** The section being read (for nextRead) and its layers; set by the host on the section page. */
export const studyContextAtom = atom<{ readonly ref: SectionRef; readonly layers: readonly Layer[] } | null>(null);

/** The sentence being read aloud, if any. */
export const speakingAtom = atom<number | null>(null);

/** Starts loading the modals' code (on the first sign that a reader may want one). */
export function preloadModals(): void {
  void import('./study-modals').catch(() => undefined);
}

/** What every study modal is given: how to close, and where focus goes back to. */
export interface ModalProps {
  onClose: () => void;
  returnTo: HTMLElement | null;
}
