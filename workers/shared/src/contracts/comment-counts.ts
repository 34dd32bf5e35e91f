// The comment counts' batch limit, alone in its module: the reader's first chunk shows counts on every
// card and imports only this, so the rest of the comments contract (messages, tiers, limits) stays in
// the article page's chunk instead of the JavaScript every page loads first (its budget, ADR 023).

/** Spec §7: batch comment counts take at most this many article ids (the UI splits longer lists). */
export const COMMENT_COUNTS_BATCH_MAX = 20;
