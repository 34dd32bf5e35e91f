import { describe, expect, it, vi } from "vitest";
import { type CountApi, loadCommentCount } from "./commentCounts.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);

describe("comment counts", () => {
  it("asks for the ids of one tick together, at most 20 per batch", async () => {
    const batch = vi.fn(async (articleIds: string[]) => ({
      results: articleIds.map((articleId) => ({ articleId, commentCount: Number(articleId.slice(1)) })),
      total: 0,
    }));
    const api: CountApi = { batch, single: vi.fn() };
    const counts = await Promise.all(ids(45).map((id) => loadCommentCount(id, api)));
    expect(counts).toEqual(ids(45).map((_, i) => i));
    expect(batch.mock.calls.map(([chunk]) => chunk.length)).toEqual([20, 20, 5]);
  });

  it("falls back to per-article counts when the batch fails, and quietly shows 0 when those fail", async () => {
    const api: CountApi = {
      batch: vi.fn(async () => {
        throw new Error("down");
      }),
      single: vi.fn(async (id: string) => {
        if (id === "a1") throw new Error("down too");
        return 7;
      }),
    };
    expect(await Promise.all(ids(3).map((id) => loadCommentCount(id, api)))).toEqual([7, 0, 7]);
  });
});
