#!/usr/bin/env tsx
// Comment-thread listing speed (ADR 011): one article with 1,000 approved comments nested to depth 8,
// listed anonymously and signed in: the article's thread object answers the rows (and the caller's
// votes), then one D1 query the authors' names and scores (ADR 022 step 30), whatever the thread's size. Called by tests/bench/run.ts; also runs alone:
//   npx tsx tests/bench/comments.ts      (its own stack on BENCH_PORT, default 8796, with a small seed)
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeSqlFile, queryRows } from "../../scripts/d1-local.ts";
import { repoRoot } from "../../scripts/paths.ts";
import { seededRandom } from "../../scripts/random.ts";
import { insertSqlChunks } from "../../scripts/sql-text.ts";
import { prepareStack, startStack } from "../../scripts/stack.ts";
import { comments } from "../../workers/shared/src/db/schema/index.ts";
import { percentile } from "./report.ts";
import { benchStateDir } from "./state-dir.ts";

const THREAD_COMMENTS = 1000;
export const THREAD_DEPTH = 8;
const REQUESTS = 200;

/**
 * Writes the thread into the stopped stack's local D1 (before `startStack`): `size` (1,000) approved comments
 * on an existing article without comments, by the seeded users, every reply under a random earlier comment of depth < 8,
 * with at least one chain reaching depth 8. Returns the article id.
 */
export function seedCommentThread(persistTo: string, size = THREAD_COMMENTS): string {
  // An article the seed gave no comments, so the thread has `size` comments whatever else was seeded
  // (the seed piles comments onto its first articles).
  const [article] = queryRows<{ id: string }>(
    "SELECT id FROM articles a WHERE NOT EXISTS (SELECT 1 FROM comments c WHERE c.article_id = a.id) ORDER BY id LIMIT 1",
    { persistTo },
  );
  const users = queryRows<{ id: string }>("SELECT id FROM users ORDER BY id LIMIT 200", { persistTo });
  if (!article || users.length < 2) throw new Error("seed articles and users first");
  const random = seededRandom(12);
  const now = Date.now() - size * 1000;
  const depthOf = new Map<string, number>();
  const rows: (typeof comments.$inferInsert)[] = [];
  for (let i = 0; i < size; i++) {
    const id = `bench-thread-${i}`;
    // The first 8 form one chain to depth 8; the rest: a quarter top-level, the others replies.
    const candidates = rows.filter((row) => (depthOf.get(row.id) ?? 1) < THREAD_DEPTH);
    const parent =
      i > 0 && i < THREAD_DEPTH
        ? rows[i - 1]
        : i >= THREAD_DEPTH && random.chance(0.75)
          ? random.pick(candidates)
          : undefined;
    depthOf.set(id, parent ? (depthOf.get(parent.id) ?? 1) + 1 : 1);
    rows.push({
      id,
      articleId: article.id,
      userId: random.pick(users).id,
      parentId: parent?.id ?? null,
      content: `Benchmark comment ${i}. ${"A sentence of ordinary length about the story. ".repeat(random.int(1, 6))}`,
      status: "approved",
      upvotes: random.int(0, 9),
      downvotes: random.int(0, 3),
      createdAt: now + i * 1000,
      updatedAt: now + i * 1000,
      approvedAt: now + i * 1000,
      inApprovedTab: true,
    });
  }
  const maxDepth = Math.max(...depthOf.values());
  if (maxDepth !== THREAD_DEPTH) throw new Error(`thread depth ${maxDepth}, expected ${THREAD_DEPTH}`);
  const dir = mkdtempSync(join(tmpdir(), "unbiased-thread-"));
  try {
    const file = join(dir, "thread.sql");
    writeFileSync(
      file,
      [
        "DELETE FROM comments WHERE id LIKE 'bench-thread-%';",
        ...insertSqlChunks(comments, rows),
        // The article's public count, as the comments worker keeps it on the row (ADR 022 step 31).
        `UPDATE articles SET approved_comments = (SELECT count(*) FROM comments WHERE article_id = articles.id AND status = 'approved') WHERE id = '${article.id}';`,
      ].join("\n"),
    );
    executeSqlFile(file, { persistTo });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return article.id;
}

interface ThreadNode {
  replies: ThreadNode[];
}

/** Times REQUESTS sequential listings, anonymous and signed in; prints a markdown table. */
export async function measureCommentThread(base: string, articleId: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/dev`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "user", name: "Bench Commenter" }),
  });
  const { data } = (await signIn.json()) as { data: { token: string } };
  const path = `${base}/api/comments/article/${encodeURIComponent(articleId)}`;

  const run = async (headers: Record<string, string>) => {
    const round: number[] = [];
    const db: number[] = [];
    let shape = { total: 0, depth: 0, bytes: 0 };
    for (let i = 0; i < REQUESTS + 5; i++) {
      const started = performance.now();
      const res = await fetch(path, { headers });
      const text = await res.text();
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      if (i < 5) {
        // Warm-up requests; the first also checks the shape.
        if (i === 0) {
          const body = JSON.parse(text) as { data: { comments: ThreadNode[]; total: number } };
          const depth = (nodes: ThreadNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.replies)));
          shape = { total: body.data.total, depth: depth(body.data.comments), bytes: text.length };
        }
        continue;
      }
      round.push(elapsed);
      const server = res.headers.get("Server-Timing")?.match(/db;dur=([\d.]+)/);
      if (server) db.push(Number(server[1]));
    }
    return { round, db, shape };
  };

  const anonymous = await run({});
  const signedIn = await run({ Authorization: `Bearer ${data.token}` });
  const row = (name: string, values: number[]) => [
    name,
    percentile(values, 50).toFixed(1),
    percentile(values, 95).toFixed(1),
    percentile(values, 99).toFixed(1),
  ];
  const { total, depth, bytes } = anonymous.shape;
  return [
    `### Comment thread: ${total} comments nested to depth ${depth} (${(bytes / 1024).toFixed(0)} KB of JSON), ${REQUESTS} sequential requests\n`,
    "| measured | p50 ms | p95 ms | p99 ms |",
    "|---|---|---|---|",
    ...[
      row("anonymous: HTTP round trip (the thread's object, then 1 D1 query)", anonymous.round),
      row("anonymous: the object and D1 (Server-Timing)", anonymous.db),
      row("signed in: HTTP round trip (the object with own votes, then 1 D1 query)", signedIn.round),
      row("signed in: the object and D1 (Server-Timing)", signedIn.db),
    ].map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

async function standalone() {
  const port = Number(process.env.BENCH_PORT ?? 8796);
  const { dir: persistTo } = benchStateDir("unbiased-bench-comments-");
  try {
    console.log("Preparing a fresh stack with a small seed and a 1,000-comment thread…");
    await prepareStack({ persistTo, log: () => {} });
    execFileSync(
      process.execPath,
      [
        join(repoRoot, "node_modules/tsx/dist/cli.mjs"),
        join(repoRoot, "scripts/seed.ts"),
        ...["--articles", "20", "--users", "200", "--comments", "0", "--persist-to", persistTo],
      ],
      { stdio: "inherit", cwd: repoRoot },
    );
    const articleId = seedCommentThread(persistTo);
    const stack = await startStack({ port, persistTo, requestLogs: false });
    try {
      console.log(`\n${await measureCommentThread(stack.url, articleId)}`);
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await standalone();
