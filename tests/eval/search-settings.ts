// How train.ts and compare-features.ts search and score, in one place so both judge alike.

/** Rows are dealt into this many folds for cross-validation. */
export const FOLDS = 5;
/** Bootstrap runs averaged per fit (fit.ts): fewer left the cross-validated scores noticeably noisier. */
export const BAGS = 16;
