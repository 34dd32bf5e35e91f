import { describe, expect, it, vi } from "vitest";
import { askTogether } from "./askTogether.ts";

describe("askTogether", () => {
  it("answers one task's questions in batches of at most max ids, each id asked once", async () => {
    const answer = vi.fn(async (ids: string[]) => new Map(ids.map((id) => [id, id.toUpperCase()])));
    const ask = askTogether(2, answer);
    const answers = await Promise.all(["a", "b", "a", "c"].map(ask));
    expect(answers).toEqual(["A", "B", "A", "C"]);
    expect(answer.mock.calls.map(([ids]) => ids)).toEqual([["a", "b"], ["c"]]);
    // The next task is a batch of its own.
    expect(await ask("d")).toBe("D");
    expect(answer).toHaveBeenCalledTimes(3);
  });

  it("rejects the questions of a failed batch and an id its answer leaves out, and answers the rest", async () => {
    const ask = askTogether(2, async (ids: string[]) => {
      if (ids.includes("bad")) throw new Error("down");
      return new Map(ids.filter((id) => id !== "gone").map((id) => [id, 1]));
    });
    const settled = await Promise.allSettled(["ok", "bad", "gone", "fine"].map(ask));
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected", "fulfilled"]);
    expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error("down"));
    expect((settled[2] as PromiseRejectedResult).reason.message).toBe("No answer for gone");
  });
});
