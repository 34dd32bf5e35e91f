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

export function objective(rows: readonly TrainingRow[], weights: ScorerWeights, guards: readonly Guard[]): number {
  const totals = new Map<number, { rouge1: number; rouge2: number; rows: number }>();
  for (const row of rows) {
    const scores = scoreRow(row, weights);
    const total = totals.get(row.file) ?? { rouge1: 0, rouge2: 0, rows: 0 };
    total.rouge1 += scores.rouge1;
    total.rouge2 += scores.rouge2;
    total.rows += 1;
    totals.set(row.file, total);
  }
  const mean = (file: number) => {
    const total = totals.get(file);
    return total ? { rouge1: total.rouge1 / total.rows, rouge2: total.rouge2 / total.rows } : undefined;
  };
  const primary = mean(0);
  let value = primary ? primary.rouge1 + primary.rouge2 : 0;
  for (const guard of guards) {
    const scores = mean(guard.file);
    if (!scores) continue;
    value -= GUARD_PENALTY * Math.max(0, guard.minRouge1 + GUARD_SLACK - scores.rouge1);
  }
  return value;
}

type Move = (weights: ScorerWeights, step: number) => ScorerWeights[];

const around = <T>(values: readonly T[], current: T): T[] => {
  const at = values.indexOf(current);
  return [values[at - 1], values[at + 1]].filter((value): value is T => value !== undefined);
};

/** One move per setting: a feature weight by ±step, or a length setting to a neighbouring value. */
const MOVES: readonly Move[] = [
  ...FEATURES.filter((feature) => feature !== ANCHOR).map(
    (feature): Move =>
      (weights, step) =>
        [step, -step].map((delta) => ({
          ...weights,
          features: { ...weights.features, [feature]: Math.round((weights.features[feature] + delta) * 1000) / 1000 },
        })),
  ),
  (weights) => around(SUMMARY_WORDS, weights.summaryWords).map((summaryWords) => ({ ...weights, summaryWords })),
  (weights) =>
    around(SUMMARY_SENTENCES, weights.summarySentences).map((summarySentences) => ({ ...weights, summarySentences })),
  (weights) => around(REDUNDANCY, weights.redundancy).map((redundancy) => ({ ...weights, redundancy })),
];

export function fitWeights(
  rows: readonly TrainingRow[],
  start: ScorerWeights,
  guards: readonly Guard[],
): ScorerWeights {
  let best = start;
  let bestValue = objective(rows, best, guards);
  for (const step of STEPS) {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let improved = false;
      for (const move of MOVES) {
        for (const candidate of move(best, step)) {
          const value = objective(rows, candidate, guards);
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
  seed = 1,
): ScorerWeights {
  const next = random(seed);
  const runs = Array.from({ length: bags }, () => {
    const sample = Array.from({ length: rows.length }, () => rows[Math.floor(next() * rows.length)] as TrainingRow);
    return fitWeights(sample, start, guards);
  });
  const averaged = averageRuns(runs);
  // Each run met the guards on its own sample; their average may not on the rows themselves, and
  // then one more search from the average, on the rows, restores them.
  if (violatesGuard(rows, averaged, guards)) return fitWeights(rows, averaged, guards);
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
