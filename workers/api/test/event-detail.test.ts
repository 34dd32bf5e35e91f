// One story across outlets (ADR 018): GET /api/articles/events/{id} groups an event's visible
// articles by outlet, each with its first report's time, earliest first; /event/{id} is its page,
// rendered by the reader's Worker, and an unknown event is a 404 from the first byte.
import { env, SELF } from "cloudflare:test";
import type { EventDetail } from "@unbiased/worker-shared/contracts/events";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";

const BASE = "http://127.0.0.1";
const T = Math.floor(Date.now() / 1000) - 6 * 3600;

const addEvent = (id: string, title: string) =>
  env.DB.prepare(
    "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES (?, ?, 'Ferries run again after a week-long strike.', ?, ?, 1, 1)",
  )
    .bind(id, title, T * 1000, (T + 4 * 3600) * 1000)
    .run();

beforeAll(async () => {
  await addEvent("ferries", "Harbour ferries return");
  await addEvent("gone", "A story with nothing left");
  const member = (id: string, domain: string, minutes: number, extra: Parameters<typeof insertArticle>[1] = {}) =>
    insertArticle(env.DB, {
      id,
      domain,
      url: `https://${domain}/${id}`,
      title: `Ferries ${id}`,
      sourcedTime: T + minutes * 60,
      eventId: "ferries",
      ...extra,
    });
  await member("w2", "wire.example", 90, { sourceName: "Wire Service" });
  await member("h1", "harbour.example", 30);
  await member("w1", "wire.example", 10, { sourceName: "Wire Service" });
  await member("c1", "coast.example", 60);
  await member("h2", "harbour.example", 120);
  await member("x1", "hidden.example", 0, { status: "hidden" });
  await insertArticle(env.DB, { id: "g1", status: "hidden", eventId: "gone" });
});

describe("GET /api/articles/events/{id}", () => {
  it("groups the event's visible articles by outlet, earliest first report first", async () => {
    const res = await SELF.fetch(`${BASE}/api/articles/events/ferries`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const { data } = (await res.json()) as { success: true; data: EventDetail };
    expect(data).toMatchObject({
      id: "ferries",
      title: "Harbour ferries return",
      main_tldr: "Ferries run again after a week-long strike.",
      start_date: new Date(T * 1000).toISOString(),
      end_date: new Date((T + 4 * 3600) * 1000).toISOString(),
      articleCount: 5,
    });
    expect(data.outlets.map((o) => [o.domain, o.name, o.firstReportedAt, o.articles.map((a) => a.id)])).toEqual([
      ["wire.example", "Wire Service", T + 600, ["w1", "w2"]],
      ["harbour.example", "harbour.example", T + 1800, ["h1", "h2"]],
      ["coast.example", "coast.example", T + 3600, ["c1"]],
    ]);
    expect(data.outlets[0]!.articles[0]).toEqual({
      id: "w1",
      title: "Ferries w1",
      path: "/article/ferries-w1/w1",
      sourceUrl: "https://wire.example/w1",
      sourcedTime: T + 600,
    });
  });

  it("answers 404 for an unknown event and for one whose articles are all hidden", async () => {
    for (const id of ["no-such-event", "gone"]) {
      const res = await SELF.fetch(`${BASE}/api/articles/events/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: "Event not found" });
    }
  });
});

describe("/event/{id}", () => {
  const remotePart = (html: string) =>
    html.slice(html.indexOf('<div id="remote-root"'), html.indexOf('<div id="shell-bottom"'));

  it("is rendered on the server: the TLDR, the span, 'Covered by N outlets' and each outlet's articles", async () => {
    const response = await SELF.fetch(`${BASE}/event/ferries`);
    expect(response.status).toBe(200);
    const part = remotePart(await response.text());
    expect(part).toContain('data-rendered="hydrate"');
    expect(part).toMatch(/<h1[^>]*>Harbour ferries return<\/h1>/);
    expect(part).toContain("Ferries run again after a week-long strike.");
    expect(part).toContain("Covered by 3 outlets");
    expect(part).toContain("Wire Service");
    expect(part).toMatch(/First report <time dateTime="[^"]+">/);
    expect(part).toContain('href="/article/ferries-h2/h2"');
    expect(part).toContain('href="https://coast.example/c1"');
    expect(part).not.toContain("hidden.example");
  });

  it("answers an unknown event with 404, its page still composed", async () => {
    const response = await SELF.fetch(`${BASE}/event/no-such-event`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<header class="site-header"');
  });
});
