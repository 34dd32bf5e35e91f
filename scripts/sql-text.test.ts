// The quoting helper every local D1 script relies on.

import { articleCategories, sources } from "@unbiased/worker-shared/db/schema/index";
import { describe, expect, it } from "vitest";
import { insertSql, sqlList, sqlLiteral } from "./sql-text.ts";

describe("sqlLiteral", () => {
  it.each([
    [null, "NULL"],
    [true, "1"],
    [false, "0"],
    [42, "42"],
    [-1.5, "-1.5"],
    ["plain", "'plain'"],
    ["it's", "'it''s'"],
    ["''", "''''''"],
    ["a; DROP TABLE articles; --", "'a; DROP TABLE articles; --'"],
    ["line one\nline two", "'line one\nline two'"],
    ["São Paulo — 44°C", "'São Paulo — 44°C'"],
    ["", "''"],
  ])("%j → %s", (value, expected) => {
    expect(sqlLiteral(value)).toBe(expected);
  });

  it("refuses values SQLite would not store as given", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => sqlLiteral("before\u0000after")).toThrow();
  });

  it("lists values for IN", () => {
    expect(sqlList(["a'b", 1, null])).toBe("('a''b', 1, NULL)");
  });
});

describe("insertSql", () => {
  it("names columns from the schema and writes one row per tuple", () => {
    const sql = insertSql(articleCategories, [
      { articleId: "a1", category: "tech", sourcedTime: 1 },
      { articleId: "o'b", category: "world", sourcedTime: 2 },
    ]);
    expect(sql).toBe(
      `INSERT INTO "article_categories" ("article_id", "category", "sourced_time") VALUES\n('a1', 'tech', 1),\n('o''b', 'world', 2);`,
    );
  });

  it("writes an upsert", () => {
    const sql = insertSql(
      sources,
      [{ id: "s", name: "N", domain: "d.example", feedUrl: "https://d.example/feed.xml", active: true, createdAt: 5 }],
      {
        onConflict: { target: ["id"], update: ["name", "feedUrl"] },
      },
    );
    expect(sql).toContain(`('s', 'N', 'd.example', 'https://d.example/feed.xml', 1, 5)`);
    expect(sql).toMatch(
      /ON CONFLICT \("id"\) DO UPDATE SET "name" = excluded\."name", "feed_url" = excluded\."feed_url";$/,
    );
  });

  it("refuses rows that set different columns, and no rows at all", () => {
    expect(() =>
      insertSql(articleCategories, [
        { articleId: "a", category: "tech", sourcedTime: 1 },
        { articleId: "b", category: "tech" } as never,
      ]),
    ).toThrow(/different columns/);
    expect(() => insertSql(articleCategories, [])).toThrow(/No rows/);
  });
});
