// Fits the scorer to reference summaries by direct search (coordinate ascent, as MERT tunes a
// translation system): each weight in turn is nudged up and down, and a nudge is kept when the
// training rows' ROUGE rises by more than MIN_GAIN. ROUGE of a summary is a step function of the
// weights (only the sentences picked matter), which rules out gradients. A few hundred rows are few:
// one search follows their noise, so the search is run on bootstrap samples and averaged (fitBagged).
import { FEATURES, type Feature } from "../../workers/shared/src/summarizer/features.ts";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { scoreRow, type TrainingRow } from "./training-set.ts";

/**
 * The first file given is the one to win on: the objective is its mean ROUGE-1 + ROUGE-2. Every
 * further file is a guard: it must keep its ROUGE-1 at or above `minRouge1` + GUARD_SLACK on the
 * training rows, or the candidate pays GUARD_PENALTY per point short.
 */
export interface Guard {
  file: number;
  minRouge1: number;
}

/** Met on the training rows with this much to spare, the floor holds on unseen rows too. */
const GUARD_SLACK = 0.5;
const GUARD_PENALTY = 10;
/** Objective gains (ROUGE points, summed over R1 and R2) below this are taken for noise. */
const MIN_GAIN = 0.1;
const STEPS = [0.4, 0.2, 0.1];
const MAX_ROUNDS = 8;
/** The short summary's length is searched over these. */
const SUMMARY_WORDS = [45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 100];
const SUMMARY_SENTENCES = [2, 3, 4];
const REDUNDANCY = [0.4, 0.5, 0.6, 0.7, 0.8];
/** position keeps weight 1: scores only order sentences, so one weight fixes the scale. */
const ANCHOR: Feature = "position";

/** Mean ROUGE-1 and ROUGE-2 of the rows' short summaries under these weights. */
function meanRouge(rows: readonly TrainingRow[], weights: ScorerWeights): { rouge1: number; rouge2: number } {
  let rouge1 = 0;
  let rouge2 = 0;
  for (const row of rows) {
    const scores = scoreRow(row, weights);
    rouge1 += scores.rouge1;
    rouge2 += scores.rouge2;
  }
  const count = Math.max(1, rows.length);
  return { rouge1: rouge1 / count, rouge2: rouge2 / count };
}

/** The rows of the first file (the objective's) and of each guard's file. */
interface SplitRows {
  primary: readonly TrainingRow[];
  guarded: readonly { guard: Guard; rows: readonly TrainingRow[] }[];
}

const splitRows = (rows: readonly TrainingRow[], guards: readonly Guard[]): SplitRows => ({
  primary: rows.filter((row) => row.file === 0),
  guarded: guards
    .map((guard) => ({ guard, rows: rows.filter((row) => row.file === guard.file) }))
    .filter(({ rows }) => rows.length > 0),
});

const primaryValue = (split: SplitRows, weights: ScorerWeights) => {
  if (split.primary.length === 0) return 0;
  const { rouge1, rouge2 } = meanRouge(split.primary, weights);
  return rouge1 + rouge2;
};

const guardPenalty = (split: SplitRows, weights: ScorerWeights) =>
  split.guarded.reduce(
    (penalty, { guard, rows }) =>
      penalty + GUARD_PENALTY * Math.max(0, guard.minRouge1 + GUARD_SLACK - meanRouge(rows, weights).rouge1),
    0,
  );

export function objective(rows: readonly TrainingRow[], weights: ScorerWeights, guards: readonly Guard[]): number {
  const split = splitRows(rows, guards);
  return primaryValue(split, weights) - guardPenalty(split, weights);
}

/** What a search may change. */
export interface SearchSpace {
  /** The feature weights it may move; the others keep the values they start with. */
  free: readonly Feature[];
  /** Whether the short summary's length and the redundancy threshold may move too. */
  settings: boolean;
}

/** Every feature and setting free: the ordinary fit. */
export const EVERYTHING: SearchSpace = { free: FEATURES, settings: true };

type Move = (weights: ScorerWeights, step: number) => ScorerWeights[];

const around = <T>(values: readonly T[], current: T): T[] => {
  const at = values.indexOf(current);
  return [values[at - 1], values[at + 1]].filter((value): value is T => value !== undefined);
};

const featureMove =
  (feature: Feature): Move =>
  (weights, step) =>
    [step, -step].map((delta) => ({
      ...weights,
      features: { ...weights.features, [feature]: Math.round((weights.features[feature] + delta) * 1000) / 1000 },
    }));

/** The length settings and the redundancy threshold each move to a neighbouring value. */
const SETTING_MOVES: readonly Move[] = [
  (weights) => around(SUMMARY_WORDS, weights.summaryWords).map((summaryWords) => ({ ...weights, summaryWords })),
  (weights) =>
    around(SUMMARY_SENTENCES, weights.summarySentences).map((summarySentences) => ({ ...weights, summarySentences })),
  (weights) => around(REDUNDANCY, weights.redundancy).map((redundancy) => ({ ...weights, redundancy })),
];

/** One move per free feature weight (±step) and, when settings are free, per setting. */
const movesOf = (space: SearchSpace): Move[] => [
  ...space.free.filter((feature) => feature !== ANCHOR).map(featureMove),
  ...(space.settings ? SETTING_MOVES : []),
];

export function fitWeights(
  rows: readonly TrainingRow[],
  start: ScorerWeights,
  guards: readonly Guard[],
  space: SearchSpace = EVERYTHING,
): ScorerWeights {
  const split = splitRows(rows, guards);
  const moves = movesOf(space);
  let best = start;
  let bestValue = primaryValue(split, best) - guardPenalty(split, best);
  for (const step of STEPS) {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let improved = false;
      for (const move of moves) {
        for (const candidate of move(best, step)) {
          // A guard only ever lowers the value, so the guards are scored only when the objective's
          // own file gains enough: most candidates never need them.
          const primary = primaryValue(split, candidate);
          if (primary <= bestValue + MIN_GAIN) continue;
          const value = primary - guardPenalty(split, candidate);
          if (value > bestValue + MIN_GAIN) {
            best = candidate;
            bestValue = value;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
  }
  return best;
}

/** A small seeded generator (mulberry32), so the same rows always give the same weights. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/**
 * Bagging: the search run on `bags` bootstrap samples of the rows (drawn with replacement), the
 * feature weights averaged and each length setting the median of the runs. One search follows the
 * noise of the rows it saw; the average keeps what the samples agree on.
 */
export function fitBagged(
  rows: readonly TrainingRow[],
  start: ScorerWeights,
  guards: readonly Guard[],
  bags: number,
  space: SearchSpace = EVERYTHING,
  seed = 1,
): ScorerWeights {
  const next = random(seed);
  const runs = Array.from({ length: bags }, () => {
    const sample = Array.from({ length: rows.length }, () => rows[Math.floor(next() * rows.length)] as TrainingRow);
    return fitWeights(sample, start, guards, space);
  });
  const averaged = averageRuns(runs);
  // Each run met the guards on its own sample; their average may not on the rows themselves, and
  // then one more search from the average, on the rows, restores them.
  if (violatesGuard(rows, averaged, guards)) return fitWeights(rows, averaged, guards, space);
  return averaged;
}

function violatesGuard(rows: readonly TrainingRow[], weights: ScorerWeights, guards: readonly Guard[]): boolean {
  return guards.some((guard) => {
    const own = rows.filter((row) => row.file === guard.file);
    const rouge1 = own.reduce((sum, row) => sum + scoreRow(row, weights).rouge1, 0) / Math.max(1, own.length);
    return own.length > 0 && rouge1 < guard.minRouge1 + GUARD_SLACK;
  });
}

function averageRuns(runs: readonly ScorerWeights[]): ScorerWeights {
  const mean = (pick: (weights: ScorerWeights) => number) =>
    Math.round((runs.reduce((sum, run) => sum + pick(run), 0) / runs.length) * 1000) / 1000;
  return {
    features: Object.fromEntries(FEATURES.map((feature) => [feature, mean((run) => run.features[feature])])) as Record<
      Feature,
      number
    >,
    summarySentences: median(runs.map((run) => run.summarySentences)),
    summaryWords: median(runs.map((run) => run.summaryWords)),
    redundancy: median(runs.map((run) => run.redundancy)),
  };
}
