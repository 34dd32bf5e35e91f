// One ArticleVotes object per article: the authoritative up/down counts and each user's vote,
// changed together in one transaction so the counts can never disagree with the votes.
import { DurableObject } from "cloudflare:workers";

export type VoteType = "upvote" | "downvote";

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
}

export interface VoteChange extends VoteCounts {
  userVote: VoteType | null;
  previousVote: VoteType | null;
  /** False when the call asked for the vote the user already had (idempotent repeat). */
  changed: boolean;
}

export class ArticleVotes extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(
      "CREATE TABLE IF NOT EXISTS votes (user_id TEXT PRIMARY KEY, vote_type TEXT NOT NULL CHECK (vote_type IN ('upvote','downvote')), updated_at INTEGER NOT NULL)",
    );
    sql.exec(
      "CREATE TABLE IF NOT EXISTS counts (id INTEGER PRIMARY KEY CHECK (id = 1), upvotes INTEGER NOT NULL, downvotes INTEGER NOT NULL)",
    );
    sql.exec("INSERT OR IGNORE INTO counts (id, upvotes, downvotes) VALUES (1, 0, 0)");
  }

  getCounts(): VoteCounts {
    const row = this.ctx.storage.sql
      .exec<{ upvotes: number; downvotes: number }>("SELECT upvotes, downvotes FROM counts WHERE id = 1")
      .one();
    return { upvotes: row.upvotes, downvotes: row.downvotes };
  }

  getUserVote(userId: string): VoteType | null {
    const rows = this.ctx.storage.sql
      .exec<{ vote_type: VoteType }>("SELECT vote_type FROM votes WHERE user_id = ?", userId)
      .toArray();
    return rows[0]?.vote_type ?? null;
  }

  /** Sets the user's vote (null removes it) and moves the counters by the difference. */
  setVote(userId: string, vote: VoteType | null): VoteChange {
    return this.ctx.storage.transactionSync(() => {
      const previousVote = this.getUserVote(userId);
      if (previousVote === vote) return { ...this.getCounts(), userVote: vote, previousVote, changed: false };
      const sql = this.ctx.storage.sql;
      if (vote === null) sql.exec("DELETE FROM votes WHERE user_id = ?", userId);
      else
        sql.exec(
          "INSERT INTO votes (user_id, vote_type, updated_at) VALUES (?, ?, ?) ON CONFLICT(user_id) DO UPDATE SET vote_type = excluded.vote_type, updated_at = excluded.updated_at",
          userId,
          vote,
          Date.now(),
        );
      const delta = (type: VoteType) => (vote === type ? 1 : 0) - (previousVote === type ? 1 : 0);
      sql.exec(
        "UPDATE counts SET upvotes = upvotes + ?, downvotes = downvotes + ? WHERE id = 1",
        delta("upvote"),
        delta("downvote"),
      );
      return { ...this.getCounts(), userVote: vote, previousVote, changed: true };
    });
  }
}
