import {
  cantoNoteAnswer,
  colouredRelationsAnswer,
  contentsAnswer,
  editableValueAnswer,
  editionComparisonAnswer,
  lineInfoAnswer,
  lineNumberAnswer,
  readingAnswer,
  sectionAnswer,
  sectionTranslationsAnswer,
  sentenceHistoryAnswer,
  sentenceIdentityAnswer,
  sentenceRangeAnswer,
  sentenceTranslationAnswer,
  wordRelationsAnswer,
  workSectionAnswer,
} from '@epos/schemas';
import { answerRenderer } from '../http/http-cache.js';

/** The reading API's bodies, each rendered with the response schema its route declares. */
export function poemAnswerBodies() {
  return {
    section: answerRenderer(sectionAnswer, '/api/sbook/:book/:canto/:section'),
    contents: answerRenderer(contentsAnswer, '/api/contents'),
    translations: answerRenderer(sectionTranslationsAnswer, '/api/translation/:book/:canto/:section'),
    translate: answerRenderer(sentenceTranslationAnswer, '/api/translate/:n'),
    lineNumber: answerRenderer(lineNumberAnswer, '/api/linenumber/:n'),
    lineInfo: answerRenderer(lineInfoAnswer, '/api/lineinfo/:n'),
    range: answerRenderer(sentenceRangeAnswer, '/api/srange/:range'),
    reading: answerRenderer(readingAnswer, '/api/nextRead/:book/:canto/:section'),
    relations: answerRenderer(wordRelationsAnswer, '/api/relation/:n'),
    colouredRelations: answerRenderer(colouredRelationsAnswer, '/api/getColorRelation/:n'),
    editableValue: answerRenderer(editableValueAnswer, '/api/dedit/:n/:key'),
    workSection: answerRenderer(workSectionAnswer, '/api/worksection/:layer/:n'),
    cantoNote: answerRenderer(cantoNoteAnswer, '/api/worksection/books/:layer/:book/:canto'),
    history: answerRenderer(sentenceHistoryAnswer, '/api/history/sentence/:n'),
    identity: answerRenderer(sentenceIdentityAnswer, '/api/s/:id'),
    comparison: answerRenderer(editionComparisonAnswer, '/api/compare/:book/:canto/:section'),
  };
}
export type PoemAnswerBodies = ReturnType<typeof poemAnswerBodies>;
