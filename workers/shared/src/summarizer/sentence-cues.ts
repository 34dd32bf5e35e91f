// Cheap cues read off one sentence's text for the learned scorer (features.ts) and the TL;DR: a
// voice in the story rather than its facts, and the publisher's housekeeping rather than the story.

/** Opens with a quotation mark: a voice in the story rather than its facts. */
export const isQuotation = (sentence: string) => /^["“‘']/u.test(sentence);

/** Credits, sharing prompts and notices that close a web story without telling it. */
const HOUSEKEEPING =
  /\b(?:contributed to this (?:report|story|article)|(?:reporting|writing|editing) by|e-?mail to a friend|all rights reserved|click here|follow (?:us|him|her|them) on|sign up for)\b/iu;

export const isHousekeeping = (sentence: string) => HOUSEKEEPING.test(sentence);
