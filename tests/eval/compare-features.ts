// npx tsx tests/eval/compare-features.ts [--with=F,…] [--try=F,…] TRAIN.jsonl [GUARD.jsonl[:MIN_ROUGE1] ...]
// Which sentence features earn their weight, judged on training rows only, by forward selection:
// the scorer is cross-validated with the base features (ADR 015's six, plus any --with), then with
// each candidate added (every feature of features.ts not in the base, or those of --try), every run
// compared row by row with the base run. The candidate with the largest gain joins the base when
// the gain exceeds its standard error, and the next round tries the rest; selection ends when none
// does. Then each base feature is taken away in turn (its weight 0), and the one whose removal
// gains most by the same rule leaves. Never give it a file meant for measuring: its figures are
// for choosing.
import { basename } from "node:path";
import { FEATURES, type Feature } from "../../workers/shared/src/summarizer/features.ts";
import type { ScorerWeights } from "../../workers/shared/src/summarizer/types.ts";
import { parseFileArg } from "./file-args.ts";
import { fitBagged } from "./fit.ts";
import { guardsFor } from "./guards.ts";
import { crossValidatedScores, type FileScores, pairedGain } from "./held-out.ts";
import { PRIOR } from "./prior.ts";
import { BAGS, FOLDS } from "./search-settings.ts";
import { readTrainingRows } from "./training-set.ts";

/** The features the scorer had before this comparison was written (ADR 015). */
const ADR_015_FEATURES: readonly Feature[] = [
  "position",
  "opening",
  "centrality",
  "topicality",
  "headline",
  "quotation",
];

const options = new Map<string, Feature[]>();
const positional: string[] = [];
for (const arg of process.argv.slice(2)) {
  const option = arg.match(/^--(with|try)=(.*)$/);
  if (!option) {
    positional.push(arg);
    continue;
  }
  const named = (option[2] ?? "").split(",").filter(Boolean);
  const unknown = named.filter((name) => !(FEATURES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`not a feature: ${unknown.join(", ")}`);
  options.set(option[1] ?? "", named as Feature[]);
}
if (positional.length === 0) {
  console.error(
    "usage: npx tsx tests/eval/compare-features.ts [--with=F,…] [--try=F,…] TRAIN.jsonl [GUARD.jsonl[:MIN_ROUGE1] ...]",
  );
  process.exit(1);
}
const files = positional.map(parseFileArg);
const paths = files.map((file) => file.path);
const rows = readTrainingRows(paths, FOLDS);

/** The prior's weights for the features in play, 0 for the others (so a feature left out is out). */
const startFor = (free: readonly Feature[]): ScorerWeights => ({
  ...PRIOR,
  features: Object.fromEntries(
    FEATURES.map((feature) => [feature, free.includes(feature) ? PRIOR.features[feature] : 0]),
  ) as Record<Feature, number>,
});

const run = (free: readonly Feature[]): FileScores[] =>
  crossValidatedScores(paths, rows, FOLDS, (training) =>
    fitBagged(training, startFor(free), guardsFor(files, training), BAGS, { free, settings: true }),
  );

const fixed = (value: number) => value.toFixed(2);
const scoresOf = (scores: FileScores[]) => {
  const [own, ...guards] = scores;
  return `${fixed(own?.summarizer.rouge1 ?? 0)} / ${fixed(own?.summarizer.rouge2 ?? 0)} / ${fixed(own?.summarizer.rougeL ?? 0)} | ${guards.map((g) => fixed(g.summarizer.rouge1)).join(", ")}`;
};

let base: Feature[] = [...ADR_015_FEATURES, ...(options.get("with") ?? [])];
let candidates = (options.get("try") ?? FEATURES).filter((feature) => !base.includes(feature));
let baseScores = run(base);
const [primary, ...guarded] = baseScores;
console.log(
  `${FOLDS}-fold cross-validated on ${paths.map((path) => basename(path)).join(", ")}: objective R1 + R2 of ${basename(primary?.path ?? "")}; LEAD-3 ${fixed(primary?.lead3.rouge1 ?? 0)} / ${fixed(primary?.lead3.rouge2 ?? 0)} / ${fixed(primary?.lead3.rougeL ?? 0)}, guard R1 ${guarded.map((g) => fixed(g.lead3.rouge1)).join(", ")}.`,
);
/** Runs each variant, compares it row by row with the base run and prints a table. */
const compareAll = (title: string, variants: readonly { name: string; free: Feature[] }[]) => {
  console.log(`\n${title}, against ${base.join(", ")}`);
  console.log("| features | R1 / R2 / RL | guard R1 | gain in R1 + R2 (± s.e.) |");
  console.log("|---|---|---|---|");
  console.log(`| base | ${scoresOf(baseScores)} | |`);
  return variants.map(({ name, free }) => {
    const scores = run(free);
    const gain = pairedGain(baseScores[0]?.perRow ?? [], scores[0]?.perRow ?? []);
    console.log(
      `| ${name} | ${scoresOf(scores)} | ${gain.mean >= 0 ? "+" : ""}${fixed(gain.mean)} ± ${fixed(gain.standardError)} |`,
    );
    return { name, free, scores, gain };
  });
};

/** The base changes only on a gain above its standard error. */
const convincing = <T extends { gain: { mean: number; standardError: number } }>(tried: readonly T[]) => {
  const best = tried.reduce<T | undefined>((a, b) => (a === undefined || b.gain.mean > a.gain.mean ? b : a), undefined);
  return best && best.gain.mean > best.gain.standardError ? best : undefined;
};

for (let round = 1; candidates.length > 0; round++) {
  const tried = compareAll(
    `Round ${round}: each candidate added`,
    candidates.map((feature) => ({ name: `+ ${feature}`, free: [...base, feature] })),
  );
  const best = convincing(tried);
  if (!best) break;
  console.log(`\n${best.name.slice(2)} joins the base.`);
  base = best.free;
  baseScores = best.scores;
  // A candidate that lost in this round is not tried again.
  candidates = tried.filter((t) => t !== best && t.gain.mean > 0).map((t) => t.name.slice(2) as Feature);
}

// Then the other way: a feature of the base whose removal gains is dropped, one at a time.
for (;;) {
  const tried = compareAll(
    "Each base feature removed",
    base
      .filter((feature) => feature !== "position")
      .map((feature) => ({
        name: `− ${feature}`,
        free: base.filter((other) => other !== feature),
      })),
  );
  const best = convincing(tried);
  if (!best) break;
  console.log(`\n${best.name.slice(2)} leaves the base.`);
  base = best.free;
  baseScores = best.scores;
}
console.log(`\nSelected: ${base.join(", ")}.`);
