// Full-text search over FTS5: ranked by bm25 (title weighted most), recency breaking ties, prefix
// matching on the last word, matches marked with private markers (never HTML).

import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  SEARCH_MATCHES_MAX,
  type SearchResult,
} from "@unbiased/worker-shared/contracts/articles";
import type { Database } from "@unbiased/worker-shared/db/client";
import { allInOneRoundTrip } from "@unbiased/worker-shared/db/raw-batch";
import { articles } from "@unbiased/worker-shared/db/schema/index";
import { inArray, sql } from "drizzle-orm";
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
  const words =
    input
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_TERMS) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? " *" : ""}`).join(" ");
}

export interface SearchPage {
  results: SearchResult[];
  /** At most SEARCH_MATCHES_MAX. */
  totalResults: number;
  /** More matched than were ranked. */
  totalCapped: boolean;
}

/**
 * Two statements in one D1 round trip. The search index holds visible articles only (migration 0004),
 * so counting is a pure full-text count. Both look at the SEARCH_MATCHES_MAX newest matches alone (the
 * highest rowids: the last to enter the index), so a common word costs about the same in a large
 * archive as in a small one: the count stops one past the cap, and the ranking (bm25 is computed for
 * every row it orders) starts at the cap's oldest rowid, a range FTS5 applies while it reads the match.
 * The page is ranked in a CTE that reads only the score and the recency tie-break, from the narrow
 * articles_search_recency table (CROSS JOIN keeps the index as the outer loop: the planner would
 * otherwise walk every row and probe the index per row). highlight() and snippet(), which read the
 * stored text, then run for the page's rows alone, in one more pass over the match limited to the
 * page's rowid range: asking FTS5 for each row by its rowid instead ran the whole query once per row,
 * which cost 20 times a term's full list of matches (34 of a search's 46 ms on 100,000 articles).
 */
export async function searchArticles(
  db: Database,
  input: string,
  page: number,
  limit: number,
  max = SEARCH_MATCHES_MAX,
): Promise<SearchPage> {
  const match = toFtsQuery(input);
  if (!match) return { results: [], totalResults: 0, totalCapped: false };
  const [[count], hits] = await allInOneRoundTrip<[{ n: number }[], { id: string; title: string; snippet: string }[]]>(
    db,
    [
      sql`SELECT count(*) AS n FROM (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match} LIMIT ${max + 1})`,
      sql`
      WITH newest AS (
        SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${max}
      ),
      ranked AS (
        SELECT f.rowid AS fts_rowid, bm25(articles_fts, ${sql.raw(BM25_WEIGHTS.join(", "))}) AS score, r.sourced_time AS sourced_time
        FROM articles_fts f CROSS JOIN articles_search_recency r ON r.article_rowid = f.rowid
        WHERE articles_fts MATCH ${match} AND f.rowid >= (SELECT min(rowid) FROM newest)
        ORDER BY score, sourced_time DESC, fts_rowid
        LIMIT ${limit} OFFSET ${(page - 1) * limit}
      )
      SELECT a.id,
             highlight(articles_fts, 0, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}) AS title,
             snippet(articles_fts, -1, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) AS snippet
      FROM articles_fts CROSS JOIN ranked ON ranked.fts_rowid = articles_fts.rowid CROSS JOIN articles a ON a.rowid = ranked.fts_rowid
      WHERE articles_fts MATCH ${match}
        AND articles_fts.rowid >= (SELECT min(fts_rowid) FROM ranked) AND articles_fts.rowid <= (SELECT max(fts_rowid) FROM ranked)
      ORDER BY ranked.score, ranked.sourced_time DESC, ranked.fts_rowid`,
    ],
  );
  const rows = hits.length
    ? await db
        .select({ ...articleColumns(), categoryList })
        .from(articles)
        .where(
          inArray(
            articles.id,
            hits.map((h) => h.id),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, toArticle(row)]));
  return {
    totalResults: Math.min(count?.n ?? 0, max),
    totalCapped: (count?.n ?? 0) > max,
    results: hits.flatMap((hit) => {
      const article = byId.get(hit.id);
      return article ? [{ ...article, highlights: { title: hit.title, snippet: hit.snippet } }] : [];
    }),
  };
}
