// Fills the LOCAL D1 with synthetic, clearly marked data for load and search testing.
//
//   npm run seed -- --articles 10000 --users 500 --comments 5000 [--votes 0] [--reset] [--persist-to DIR]
//
// --votes writes that many votes as users' voting histories in the table D1 kept them in before ADR 022,
// with the articles' counts made from them; the votes worker's move call (scripts/move-vote-history.ts)
// then takes them into each user's UserVotes object, as it would a deployment's old rows.
//
// The migrations are applied first (a no-op when they already are), so a new state folder can be seeded
// before its first `npm start`. The whole seed is one `wrangler d1 execute --local --file` script, so it
// lands completely or not at all. Afterwards the row counts are read back and the full-text index is
// checked against them.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { executeSqlFile, type LocalD1Options, queryRows } from "./d1-local.ts";
import { defaultPersistDir } from "./paths.ts";
import { seededRandom } from "./random.ts";
import { generateSeed, type SeedCounts } from "./seed-generate.ts";
import { seedSql } from "./seed-sql.ts";
import { applyMigrations } from "./wrangler.ts";

/** Same seed, same data (ids and URLs still differ per run, through the run tag). */
const RANDOM_SEED = 2026;

interface SeedOptions extends LocalD1Options {
  counts: SeedCounts;
  reset: boolean;
}

function parseOptions(): SeedOptions {
  const { values } = parseArgs({
    options: {
      articles: { type: "string", default: "10000" },
      users: { type: "string", default: "500" },
      comments: { type: "string", default: "5000" },
      votes: { type: "string", default: "0" },
      reset: { type: "boolean", default: false },
      "persist-to": { type: "string" },
    },
  });
  const count = (name: "articles" | "users" | "comments" | "votes") => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number, 0 or more (got "${values[name]}")`);
    return value;
  };
  const persistTo = values["persist-to"];
  return {
    counts: {
      articles: count("articles"),
      users: count("users"),
      comments: count("comments"),
      votes: count("votes"),
    },
    reset: values.reset,
    ...(persistTo ? { persistTo } : {}),
  };
}

function seed(options: SeedOptions): void {
  const timer = stopwatch();
  const now = Date.now();
  const runTag = now.toString(36);
  const rows = generateSeed(options.counts, { random: seededRandom(RANDOM_SEED), now, runTag });
  const sql = seedSql(rows, { reset: options.reset, now });
  const generated = timer.lap();

  const dir = mkdtempSync(join(tmpdir(), "unbiased-seed-"));
  let megabytes: string;
  try {
    const file = join(dir, "seed.sql");
    writeFileSync(file, sql);
    megabytes = (statSync(file).size / 1e6).toFixed(1);
    executeSqlFile(file, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const written = timer.lap();

  const [counts] = queryRows<Record<"visible" | "fts" | "seeded" | "users" | "comments" | "replies", number>>(
    `SELECT (SELECT count(*) FROM articles WHERE status = 'visible') AS visible, (SELECT count(*) FROM articles_fts) AS fts,
            (SELECT count(*) FROM articles WHERE id LIKE 'syn-${runTag}-a%') AS seeded,
            (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM comments) AS comments,
            (SELECT count(*) FROM comments WHERE parent_id IS NOT NULL) AS replies`,
    options,
  );
  const verified = timer.lap();
  if (!counts || counts.seeded !== options.counts.articles || counts.fts !== counts.visible) {
    throw new Error(
      `Seed check failed: ${JSON.stringify(counts)} (expected ${options.counts.articles} seeded articles, one index row per visible article)`,
    );
  }

  const moderators = rows.users.filter((user) => user.role === "moderator").length;
  const pending = rows.comments.filter((comment) => comment.status === "pending").length;
  console.log(`Seeded SYNTHETIC data (run ${runTag}${options.reset ? ", after --reset" : ""}):`);
  console.log(
    `  ${rows.articles.length} articles (${rows.articleCategories.length} category links, with vote counts) from ${rows.sources.length} synthetic sources`,
  );
  console.log(`  ${rows.users.length} users (${moderators} moderators) with reputation rows`);
  console.log(
    `  ${rows.comments.length} comments (${pending} pending, ${rows.comments.filter((c) => c.parentId).length} replies)`,
  );
  if (rows.userArticleVotes.length)
    console.log(`  ${rows.userArticleVotes.length} votes, to move into UserVotes objects`);
  console.log(
    `Database now: ${counts.visible} visible articles, ${counts.fts} full-text rows, ${counts.users} users, ${counts.comments} comments (${counts.replies} replies).`,
  );
  console.log(
    `Took ${timer.total()} s: generate ${generated} s, write ${megabytes} MB of SQL ${written} s, verify ${verified} s.`,
  );
}

function stopwatch() {
  const start = performance.now();
  let last = start;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return {
    lap: () => {
      const now = performance.now();
      const lap = seconds(now - last);
      last = now;
      return lap;
    },
    total: () => seconds(performance.now() - start),
  };
}

try {
  const options = parseOptions();
  await applyMigrations(options.persistTo ?? defaultPersistDir);
  seed(options);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
