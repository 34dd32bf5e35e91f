import { env } from "cloudflare:test";
import { insertArticle, insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";

const all = (sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .all()
    .then((r) => r.results);
const search = (query: string) => all("SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?", query);

describe("D1 migrations", () => {
  it("create every table the product needs", async () => {
    const tables = (
      await all(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'articles_fts_%' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name != 'd1_migrations'",
      )
    ).map((r) => (r as { name: string }).name);
    expect(tables.sort()).toEqual(
      [
        "article_categories",
        "article_reports",
        "article_stats",
        "articles",
        "articles_fts",
        "articles_search_recency",
        "bans",
        "carried_bans",
        "categories",
        "comment_reports",
        "comment_status_copies",
        "comment_vote_copies",
        "comment_votes",
        "comments",
        "content_version",
        "digest_subscriptions",
        "email_outbox",
        "ended_sessions",
        "events",
        "inbox_outbox",
        "moderation_log",
        "moderation_log_actors",
        "moderation_log_months",
        "queue_jobs",
        "rate_limits",
        "reputation_changes",
        "reputation_falls",
        "reputation_outbox",
        "sessions",
        "sign_in_codes",
        "sources",
        "spent_refresh_tokens",
        "submissions",
        "user_article_votes",
        "user_reputation",
        "users",
        "vote_events",
      ].sort(),
    );
  });

  it("seed the six categories with labels and emoji", async () => {
    expect(await all("SELECT slug, label FROM categories ORDER BY position")).toEqual([
      { slug: "latest", label: "Latest" },
      { slug: "tech", label: "Tech" },
      { slug: "politics", label: "Politics" },
      { slug: "world", label: "World" },
      { slug: "business", label: "Business" },
      { slug: "science", label: "Science" },
    ]);
  });

  it("keep the search index in step with articles through insert, update and delete", async () => {
    const article = await insertArticle(env.DB, {
      title: "Harbour cranes go electric",
      summary: JSON.stringify({ who: "Port of Rotterdam", what: "", when: "", where: "São Paulo", why: "", how: "" }),
    });
    expect(await search("cranes")).toHaveLength(1);
    // Summary fields are indexed by value, and diacritics are folded.
    expect(await search("rotterdam")).toHaveLength(1);
    expect(await search("sao")).toHaveLength(1);
    expect(await search("who")).toHaveLength(0);

    await env.DB.prepare("UPDATE articles SET title = 'Harbour tugs go electric' WHERE id = ?").bind(article.id).run();
    expect(await search("cranes")).toHaveLength(0);
    expect(await search("tugs")).toHaveLength(1);

    await env.DB.prepare("DELETE FROM articles WHERE id = ?").bind(article.id).run();
    expect(await search("tugs")).toHaveLength(0);
  });

  it("keep hidden articles out of the search index, and put them back when shown again", async () => {
    const shown = await insertArticle(env.DB, { title: "Glacier observatory opens" });
    const hiddenAtBirth = await insertArticle(env.DB, { title: "Glacier survey postponed", status: "hidden" });
    expect((await search("glacier")).map((r) => (r as { rowid: number }).rowid)).toHaveLength(1);

    await env.DB.prepare("UPDATE articles SET status = 'hidden' WHERE id = ?").bind(shown.id).run();
    expect(await search("glacier")).toHaveLength(0);
    // A hidden article's text edits stay out of the index too.
    await env.DB.prepare("UPDATE articles SET title = 'Glacier observatory reopens' WHERE id = ?").bind(shown.id).run();
    expect(await search("reopens")).toHaveLength(0);

    await env.DB.prepare("UPDATE articles SET status = 'visible' WHERE id IN (?, ?)")
      .bind(shown.id, hiddenAtBirth.id)
      .run();
    expect(await search("glacier")).toHaveLength(2);
    expect(await search("reopens")).toHaveLength(1);
  });

  it("keep the search ranking's recency table in step with every article's sourced time", async () => {
    const recency = async (id: string) =>
      all(
        "SELECT r.sourced_time AS t FROM articles_search_recency r JOIN articles a ON a.rowid = r.article_rowid WHERE a.id = ?",
        id,
      );
    const article = await insertArticle(env.DB, { sourcedTime: 1_000 });
    expect(await recency(article.id)).toEqual([{ t: 1_000 }]);
    await env.DB.prepare("UPDATE articles SET sourced_time = 2000 WHERE id = ?").bind(article.id).run();
    expect(await recency(article.id)).toEqual([{ t: 2_000 }]);
    const before = (await all("SELECT count(*) AS n FROM articles_search_recency"))[0] as { n: number };
    await env.DB.prepare("DELETE FROM articles WHERE id = ?").bind(article.id).run();
    expect(await all("SELECT count(*) AS n FROM articles_search_recency")).toEqual([{ n: before.n - 1 }]);
  });

  // The log itself is append-only in its months' objects (ADR 022 step 20); D1 keeps an entry only until
  // it moves there, so deleting is the move's, and changing one stays refused.
  it("refuse changing a moderation log entry while it waits in D1", async () => {
    const moderator = await insertUser(env.DB, { role: "moderator" });
    await env.DB.prepare(
      "INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, created_at) VALUES (?, 'comment.approve', 'comment', 'c1', NULL, 1)",
    )
      .bind(moderator.id)
      .run();
    await expect(env.DB.prepare("UPDATE moderation_log SET reason = 'edited'").run()).rejects.toThrow(/append-only/);
    expect(await all("SELECT action, reason FROM moderation_log")).toEqual([
      { action: "comment.approve", reason: null },
    ]);
  });

  it("refuse values outside the named statuses and roles", async () => {
    const user = await insertUser(env.DB);
    const article = await insertArticle(env.DB);
    const now = Date.now();
    const comment = (status: string, content = "A fair point.") =>
      env.DB.prepare(
        "INSERT INTO comments (id, article_id, user_id, content, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), article.id, user.id, content, status, now, now)
        .run();
    for (const status of ["pending", "approved", "rejected", "deleted"]) await comment(status);
    await expect(comment("hidden")).rejects.toThrow(/CHECK constraint/);
    await expect(comment("approved", "ok")).rejects.toThrow(/CHECK constraint/);
    await expect(
      env.DB.prepare("UPDATE users SET role = 'superuser' WHERE id = ?").bind(user.id).run(),
    ).rejects.toThrow(/CHECK constraint/);
    await expect(
      env.DB.prepare("UPDATE articles SET summary = 'not json' WHERE id = ?").bind(article.id).run(),
    ).rejects.toThrow(/CHECK constraint/);
  });

  it("refuse a category row for an article that does not exist (foreign keys are on)", async () => {
    await expect(
      env.DB.prepare(
        "INSERT INTO article_categories (article_id, category, sourced_time) VALUES ('ghost', 'tech', 1)",
      ).run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("carry an older votes worker's counts onto the article until article_stats is dropped, newer wins", async () => {
    const { id } = await insertArticle(env.DB);
    const countsOf = () =>
      env.DB.prepare("SELECT upvotes, downvotes, net_votes AS net, vote_seq AS seq FROM articles WHERE id = ?")
        .bind(id)
        .first();
    // As the votes worker before migration 0021 wrote its copy.
    const oldCopy = (up: number, down: number, seq: number) =>
      env.DB.prepare(
        `INSERT INTO article_stats (article_id, upvotes, downvotes, seq, updated_at) VALUES (?1, ?2, ?3, ?4, 1)
         ON CONFLICT (article_id) DO UPDATE SET upvotes = excluded.upvotes, downvotes = excluded.downvotes, seq = excluded.seq`,
      )
        .bind(id, up, down, seq)
        .run();
    await oldCopy(3, 1, 2);
    expect(await countsOf()).toEqual({ upvotes: 3, downvotes: 1, net: 2, seq: 2 });
    // The new worker's copy, newer, on the article itself; an older one written late changes nothing.
    await env.DB.prepare("UPDATE articles SET upvotes = 5, downvotes = 1, net_votes = 4, vote_seq = 4 WHERE id = ?")
      .bind(id)
      .run();
    await oldCopy(4, 1, 3);
    expect(await countsOf()).toEqual({ upvotes: 5, downvotes: 1, net: 4, seq: 4 });
  });
});
