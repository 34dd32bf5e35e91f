// The LEAD-3 baseline: the article's first three sentences, split by js-rouge's own segmenter so the
// baseline does not depend on the summarizer's splitter.
import { sentenceSegment } from "js-rouge";

export const LEAD_SENTENCES = 3;

export function lead3(article: string): string {
  return sentenceSegment(article)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .slice(0, LEAD_SENTENCES)
    .join(" ");
}
