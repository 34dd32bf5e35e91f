// Event clustering on the whole sample corpus, ingested through the real pipeline in the order a poll
// queues it (newest first, batches of ten): precision and recall against the corpus's own `story`
// ground truth, stable assignments, and every event described.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { beforeAll, describe, expect, it } from "vitest";
import { assignEvent } from "../src/events/assign-event.ts";
import { parseFeed } from "../src/feeds/parse-feed.ts";
import { NEWSWIRE_ARTICLES } from "../src/newswire/corpus.ts";
import { deliver, ingestJob } from "./support/jobs.ts";
import { NEWSWIRE_ORIGIN } from "./support/origins.ts";

interface Stored {
  id: string;
  url: string;
  eventId: string | null;
  tldr: string;
  summary: string;
  sourcedTime: number;
}

const stored = async () =>
  (
    await env.DB.prepare(
      "SELECT id, url, event_id AS eventId, tldr, summary, sourced_time AS sourcedTime FROM articles",
    ).all<Stored>()
  ).results;
const storyOf = new Map(NEWSWIRE_ARTICLES.map((a) => [a.url, a.story ?? null]));

/** Pairwise precision and recall: over every pair of articles, "same event" against "same story". */
function pairwise(rows: Stored[]) {
  let truePairs = 0;
  let falsePairs = 0;
  let missedPairs = 0;
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      const sameStory = storyOf.get(a.url) !== null && storyOf.get(a.url) === storyOf.get(b.url);
      const sameEvent = a.eventId !== null && a.eventId === b.eventId;
      if (sameStory && sameEvent) truePairs++;
      else if (sameEvent) falsePairs++;
      else if (sameStory) missedPairs++;
    }
  }
  return { precision: truePairs / (truePairs + falsePairs), recall: truePairs / (truePairs + missedPairs) };
}

describe("events over the sample corpus", () => {
  let seconds = 0;

  beforeAll(async () => {
    const feedUrl = `${NEWSWIRE_ORIGIN}/newswire/feed.xml`;
    const feed = parseFeed(await (await fetch(feedUrl)).text(), feedUrl);
    const started = performance.now();
    for (let i = 0; i < feed.items.length; i += 10) {
      const batch = feed.items
        .slice(i, i + 10)
        .map((item) =>
          ingestJob({ url: item.url, sourceId: null, feedCategories: item.categories, publishedAt: item.publishedAt }),
        );
      const { result } = await deliver(batch);
      expect(result.explicitAcks).toHaveLength(batch.length);
    }
    seconds = (performance.now() - started) / 1000;
  }, 240_000);

  it("stores all 118 articles, each with a non-empty TLDR and the six summary fields", async () => {
    const rows = await stored();
    console.log(
      `\nIngested ${rows.length} sample articles through the pipeline in ${seconds.toFixed(1)} s (workerd, one core).`,
    );
    expect(rows).toHaveLength(118);
    for (const row of rows) {
      expect(row.tldr.trim(), row.url).not.toBe("");
      expect(Object.keys(JSON.parse(row.summary)).sort()).toEqual(["how", "what", "when", "where", "who", "why"]);
    }
  });

  it("groups the nine stories with high precision and recall", async () => {
    const rows = await stored();
    const { precision, recall } = pairwise(rows);
    const events = new Set(rows.map((r) => r.eventId).filter(Boolean)).size;
    console.log(
      `Event clustering on the sample stories: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (pairwise), ${events} events for 9 stories.`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.85);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });

  it("describes each event by one of its articles and spans its members' publication times", async () => {
    const events = (
      await env.DB.prepare(
        "SELECT id, title, main_tldr AS mainTldr, start_date AS start, end_date AS end FROM events",
      ).all<{ id: string; title: string; mainTldr: string; start: number; end: number }>()
    ).results;
    const rows = await stored();
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      const members = rows.filter((r) => r.eventId === event.id);
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.map((m) => m.tldr)).toContain(event.mainTldr);
      expect(event.title.trim()).not.toBe("");
      expect(event.start).toBe(Math.min(...members.map((m) => m.sourcedTime)) * 1000);
      expect(event.end).toBe(Math.max(...members.map((m) => m.sourcedTime)) * 1000);
    }
  });

  it("never moves an assigned article: assigning again, or the same stories arriving again, changes nothing", async () => {
    const before = new Map((await stored()).map((r) => [r.id, r.eventId]));
    const db = createDb(env.DB);
    for (const id of before.keys()) await assignEvent(db, id);
    // The same items again, an hour newer: times move forward, events stay.
    const again = NEWSWIRE_ARTICLES.slice(0, 20).map((a) =>
      ingestJob({
        url: `${NEWSWIRE_ORIGIN}/newswire/articles/${a.key}`,
        publishedAt: Math.floor(Date.now() / 1000) - a.hoursAgo * 3600 + 3600,
      }),
    );
    await deliver(again);
    const after = await stored();
    expect(after).toHaveLength(118);
    for (const row of after) if (before.get(row.id)) expect(row.eventId, row.url).toBe(before.get(row.id));
  });
});
