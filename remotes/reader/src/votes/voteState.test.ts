import { describe, expect, it } from "vitest";
import { applyChoice, NO_VOTES } from "./voteState.ts";

describe("applyChoice (spec §4)", () => {
  it("adds a vote, switches it across, and removes it when chosen again", () => {
    const up = applyChoice({ upvotes: 4, downvotes: 2, userVote: "none" }, "upvote");
    expect(up).toEqual({ upvotes: 5, downvotes: 2, userVote: "upvote" });
    const switched = applyChoice(up, "downvote");
    expect(switched).toEqual({ upvotes: 4, downvotes: 3, userVote: "downvote" });
    expect(applyChoice(switched, "downvote")).toEqual({ upvotes: 4, downvotes: 2, userVote: "none" });
  });

  it("never shows a count below zero", () => {
    expect(applyChoice({ ...NO_VOTES, userVote: "upvote" }, "upvote")).toEqual(NO_VOTES);
  });
});
