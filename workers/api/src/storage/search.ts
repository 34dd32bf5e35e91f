// Full-text search over FTS5: ranked by bm25 (title weighted most), recency breaking ties, prefix
// matching on the last word, matches marked with private markers (never HTML).
import { inArray, sql } from "drizzle-orm";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import type { Database } from "@unbiased/worker-shared/db/client";
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchResult } from "@unbiased/worker-shared/contracts/articles";
import { articleColumns, categoryList, toArticle } from "./articles.ts";

/** Column weights for bm25, in the FTS table's column order: title, tldr, short_summary, summary_text, detailed_summary. */
const BM25_WEIGHTS = [8.0, 4.0, 2.0, 1.5, 1.0];
const MAX_TERMS = 12;

/**
 * Turns what a person typed into a safe FTS5 query: words (letters and digits in any script) become
 * quoted strings, so quotes, `*`, `-`, `:`, `^`, parentheses and operators like NEAR/OR are plain text;
 * the last word matches as a prefix ("quant" finds "quantum"). Null when nothing searchable remains.
 */
export function toFtsQuery(input: string): string | null {
  const words = input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_TERMS) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? " *" : ""}`).join(" ");
}

export interface SearchPage {
  results: SearchResult[];
  totalResults: number;
}

export async function searchArticles(db: Database, input: string, page: number, limit: number): Promise<SearchPage> {
  const match = toFtsQuery(input);
  if (!match) return { results: [], totalResults: 0 };
  const visibleMatches = sql`FROM articles_fts f JOIN articles a ON a.rowid = f.rowid WHERE articles_fts MATCH ${match} AND a.status = 'visible'`;
  const [[count], hits] = await Promise.all([
    db.all<{ n: number }>(sql`SELECT count(*) AS n ${visibleMatches}`),
    db.all<{ id: string; title: string; snippet: string }>(sql`
      SELECT a.id,
             highlight(articles_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) AS title,
             snippet(articles_fts, -1, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) AS snippet
      ${visibleMatches}
      ORDER BY bm25(articles_fts, ${sql.raw(BM25_WEIGHTS.join(", "))}), a.sourced_time DESC, a.id
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`),
  ]);
  const rows = hits.length ? await db.select({ ...articleColumns(), categoryList }).from(articles).where(inArray(articles.id, hits.map((h) => h.id))) : [];
  const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
  return {
    totalResults: count?.n ?? 0,
    results: hits.flatMap((hit) => {
      const article = byId.get(hit.id);
      return article ? [{ ...article, highlights: { title: hit.title, snippet: hit.snippet } }] : [];
    }),
  };
}
