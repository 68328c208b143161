/**
 * British spellings the en-GB dictionary (SCOWL, via dictionary-en-gb) does not list, added
 * to it as a personal dictionary (nspell's format: one word a line, `word/model` takes the
 * model's endings). Add here what a British writer is wrongly told is misspelt.
 */
export const BRITISH_WORDS = [
  'misspelt',
  'unspoilt',
  'leant',
  'unbeknownst',
  'gaol/goal',
  'gaoler/jailer',
  'foetus/fetus',
  'foetal',
  'annexe',
  'annexes',
  'whiskey/whisky',
  'mediaeval',
  'despatch/dispatch',
  'connexion/connection',
].join('\n');
