// The summarizer's version, stored with every article's summaries (articles.summarizer_version).
// Raise it whenever summarize() would write something different for the same article: the ingest
// worker then summarizes every stored article of an older version again, in the background
// (workers/ingest/src/jobs/refresh-summaries.ts).
//   0 — written before the version was recorded (the hand-weighted ranking);
//   2 — the learned sentence scorer and word budget (docs/decisions/015-summarizer-learned-scoring.md),
//       why and how only where the text states them;
//   3 — the scorer fit on training rows with two more signals: a sentence that first names one of
//       the story's main names, and the publisher's housekeeping (docs/decisions/015-summarizer-learned-scoring.md).
export const SUMMARIZER_VERSION = 3;
