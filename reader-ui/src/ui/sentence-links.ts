/** The one `||n||` renderer's rules, shared with the server's markdown (see `LinkedText` for React). */
export { sentenceHref, sentenceLinkText, sentenceReferences, SENTENCE_LINK_CLASS } from '@epos/schemas/poem/sentence-references';
