// What an article page shows beside the story (ADR 018): GET /api/articles/{id}/related gives the
// same story from other outlets (one story each, newest first) and more from the article's outlet,
// visible articles only; the article page's first HTML carries them.
import { env, SELF } from "cloudflare:test";
import type { RelatedStories } from "@unbiased/worker-shared/contracts/articles";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";

const BASE = "http://127.0.0.1";
const T = Math.floor(Date.now() / 1000) - 6 * 3600;

beforeAll(async () => {
  await env.DB.prepare(
    "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES ('bridge', 'Bridge reopens', 'The bridge reopens.', 1, 2, 1, 1)",
  ).run();
  const story = (id: string, domain: string, minutes: number, extra: Parameters<typeof insertArticle>[1] = {}) =>
    insertArticle(env.DB, {
      id,
      domain,
      url: `https://${domain}/${id}`,
      title: `Story ${id}`,
      sourcedTime: T + minutes * 60,
      ...extra,
    });
  // The article (r0) and its event's coverage: two stories of one outlet, one of another, a hidden one,
  // and a second story of the article's own outlet in the event.
  await story("r0", "river.example", 0, { eventId: "bridge" });
  await story("r-event", "river.example", 5, { eventId: "bridge" });
  await story("w1", "wire.example", 10, { eventId: "bridge" });
  await story("w2", "wire.example", 20, { eventId: "bridge" });
  await story("c1", "coast.example", 15, { eventId: "bridge" });
  await story("x1", "hidden.example", 30, { eventId: "bridge", status: "hidden" });
  // More from the article's outlet, one of them hidden; another outlet's story outside the event.
  await story("r1", "river.example", 40);
  await story("r2", "river.example", 50);
  await story("r-hidden", "river.example", 60, { status: "hidden" });
  await story("lone", "lone.example", 0);
});

const related = async (id: string) => {
  const response = await SELF.fetch(`${BASE}/api/articles/${id}/related`);
  const body = (await response.json()) as { success: boolean; data: RelatedStories };
  return { status: response.status, body };
};

describe("an article's related stories", () => {
  it("are the event's other outlets, one story each, newest first, and this outlet's newest others", async () => {
    const { status, body } = await related("r0");
    expect(status).toBe(200);
    expect(body.data.eventId).toBe("bridge");
    expect(body.data.sameStory.map((story) => story.id)).toEqual(["w2", "c1"]);
    expect(body.data.sameStory[0]).toEqual({
      id: "w2",
      title: "Story w2",
      domain: "wire.example",
      sourcedTime: T + 20 * 60,
    });
    expect(body.data.fromOutlet.map((story) => story.id)).toEqual(["r2", "r1", "r-event"]);
  });

  it("are empty lists for an article alone in its outlet and in no event", async () => {
    const { status, body } = await related("lone");
    expect(status).toBe(200);
    expect(body.data).toEqual({ eventId: null, sameStory: [], fromOutlet: [] });
  });

  it("are a 404 for a hidden or unknown article, as the article is", async () => {
    expect((await related("r-hidden")).status).toBe(404);
    expect((await related("no-such-article")).status).toBe(404);
  });

  it("come with the article page's first HTML", async () => {
    const response = await SELF.fetch(`${BASE}/article/story-r0/r0`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("The same story elsewhere");
    expect(html).toContain('href="/event/bridge"');
    expect(html).toContain('href="/source/river.example"');
  });
});
