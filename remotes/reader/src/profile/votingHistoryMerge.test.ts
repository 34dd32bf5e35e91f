import { describe, expect, it } from "vitest";
import { mergeVotingHistory } from "./votingHistoryMerge.ts";

describe("voting history", () => {
  it("merges article and comment votes, newest first", () => {
    const merged = mergeVotingHistory(
      [
        { articleId: "a1", title: "One", voteType: "upvote", timestamp: "2026-11-24T06:00:00.000Z" },
        { articleId: "a2", title: "Two", voteType: "downvote", timestamp: "2026-11-24T04:00:00.000Z" },
      ],
      [{ commentId: "c1", articleId: "a3", title: "Three", voteType: "upvote", timestamp: "2026-11-24T05:00:00.000Z" }],
    );
    expect(merged.map((v) => v.commentId ?? v.articleId)).toEqual(["a1", "c1", "a2"]);
  });
});
