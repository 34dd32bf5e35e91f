import { env, SELF } from "cloudflare:test";
import type { NewsEvent } from "@unbiased/worker-shared/contracts/articles";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";

const addEvent = (id: string, endDate: number) =>
  env.DB.prepare(
    "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'What happened.', ?, ?, 1, 1)",
  )
    .bind(id, `Event ${id}`, endDate - 3600_000, endDate)
    .run();

describe("GET /api/articles/events", () => {
  it("serves current events as a bare array with their visible articles", async () => {
    await addEvent("ev-now", Date.now());
    await addEvent("ev-old", Date.now() - 30 * 86400_000);
    await insertArticle(env.DB, { id: "ev-a", title: "First take", eventId: "ev-now", url: "https://a.example/1" });
    await insertArticle(env.DB, { id: "ev-b", title: "Second take", eventId: "ev-now" });
    await insertArticle(env.DB, { id: "ev-hidden", eventId: "ev-now", status: "hidden" });
    await insertArticle(env.DB, { id: "ev-c", eventId: "ev-old" });

    const res = await SELF.fetch("http://127.0.0.1/api/articles/events");
    expect(res.status).toBe(200);
    const events = (await res.json()) as NewsEvent[];
    expect(Array.isArray(events)).toBe(true);
    expect(events.map((e) => e.id)).toEqual(["ev-now"]);
    expect(events[0]).toMatchObject({ title: "Event ev-now", main_tldr: "What happened." });
    expect(new Date(events[0]!.start_date).getTime()).toBeLessThan(new Date(events[0]!.end_date).getTime());
    expect(events[0]!.articles.map((a) => a.id).sort()).toEqual(["ev-a", "ev-b"]);
    expect(events[0]!.articles.find((a) => a.id === "ev-a")).toEqual({
      id: "ev-a",
      title: "First take",
      sourceUrl: "https://a.example/1",
    });
  });
});
