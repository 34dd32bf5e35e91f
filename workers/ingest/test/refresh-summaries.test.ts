// The summaries' catch-up: stored articles an older summarizer wrote are summarized again from their
// stored text, a batch per "summaries.refresh" job, each job queuing the next until none is left;
// the poll starts it, once.
import { env } from "cloudflare:test";
import { INGEST_JOBS } from "@unbiased/worker-shared/contracts/ingest";
import { createDb } from "@unbiased/worker-shared/db/client";
import type { JobMessage } from "@unbiased/worker-shared/queue/jobs";
import { summarize } from "@unbiased/worker-shared/summarizer/index";
import { SUMMARIZER_VERSION } from "@unbiased/worker-shared/summarizer/version";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { startSummaryRefresh } from "../src/jobs/refresh-summaries.ts";
import { contentVersion, count, type Delivery, deliver, pollJob } from "./support/jobs.ts";

const BODIES = {
  "stale-a":
    "Ferry operators and the seafarers' union in Gothenburg agreed on Sunday to a new winter timetable, ending a dispute over rest days.\n\nThe deal adds a late sailing on Fridays, the union said.",
  "stale-b":
    "The city of Tartu opened a second bicycle bridge over the Emajõgi river yesterday because the old one was crowded at rush hour.\n\nCyclists crossed it in the first hour.",
  "stale-c":
    "Engineers in Porto began replacing the tram tracks on the Rua de Cedofeita on Monday by working at night.\n\nThe work will last six weeks.",
} as const;
type StaleId = keyof typeof BODIES;
const STALE_IDS = Object.keys(BODIES) as StaleId[];
const TITLES: Record<StaleId, string> = {
  "stale-a": "Gothenburg ferries agree winter timetable",
  "stale-b": "Tartu opens second bicycle bridge",
  "stale-c": "Porto replaces tram tracks at night",
};
const SOURCED_TIME = Math.floor(Date.parse("2026-11-20T08:00:00Z") / 1000);

/** The queue the jobs write to, caught, so a test can hand the queued job back to the consumer. */
function caughtQueue() {
  const sent: JobMessage[] = [];
  const queue = { send: async (message: JobMessage) => void sent.push(message) } as unknown as Queue<JobMessage>;
  return { sent, bindings: { INGEST_QUEUE: queue } };
}
const asDelivery = (message: JobMessage): Delivery => ({
  kind: message.kind,
  payload: message.payload,
  jobId: message.jobId,
});

const row = (id: string) =>
  env.DB.prepare(
    "SELECT tldr, short_summary AS shortSummary, summary, detailed_summary AS detailedSummary, summarizer_version AS version, updated_at AS updatedAt FROM articles WHERE id = ?",
  )
    .bind(id)
    .first<{
      tldr: string;
      shortSummary: string;
      summary: string;
      detailedSummary: string;
      version: number;
      updatedAt: number;
    }>();

beforeAll(async () => {
  await env.DB.prepare(
    "INSERT INTO events (id, title, main_tldr, start_date, end_date, created_at, updated_at) VALUES ('event-1', 'old title', 'old tldr', 0, 0, 0, 0)",
  ).run();
  for (const id of STALE_IDS) {
    await insertArticle(env.DB, {
      id,
      title: TITLES[id],
      body: BODIES[id],
      sourcedTime: SOURCED_TIME,
      tldr: "old tldr",
      summarizerVersion: 0,
      eventId: id === "stale-c" ? null : "event-1",
    });
  }
  await insertArticle(env.DB, { id: "current", tldr: "kept", summarizerVersion: SUMMARIZER_VERSION });
});

describe("summaries.refresh", () => {
  it("the poll starts the catch-up while an article is stale, and only once", async () => {
    const queue = caughtQueue();
    await deliver([pollJob()], queue.bindings);
    expect(queue.sent.map((message) => message.kind)).toEqual([INGEST_JOBS.refreshSummaries]);
    // The job is pending now: another poll leaves it to finish.
    await deliver([pollJob()], queue.bindings);
    expect(queue.sent).toHaveLength(1);
    await env.DB.prepare("DELETE FROM queue_jobs WHERE kind = ?").bind(INGEST_JOBS.refreshSummaries).run();
  });

  it("summarizes a batch again from the stored text, queues the next, and stops when none is left", async () => {
    const version = await contentVersion();
    const updatedBefore = (await row("current"))?.updatedAt;
    const queue = caughtQueue();
    await deliver([{ kind: INGEST_JOBS.refreshSummaries, payload: { limit: 2 } }], queue.bindings);

    // The first two ids are done, the third waits for the next job.
    for (const id of ["stale-a", "stale-b"] as const) {
      const expected = summarize({ title: TITLES[id], body: BODIES[id], publishedAt: SOURCED_TIME });
      expect(await row(id)).toMatchObject({
        tldr: expected.tldr,
        shortSummary: expected.shortSummary,
        summary: JSON.stringify(expected.summary),
        detailedSummary: expected.detailedSummary,
        version: SUMMARIZER_VERSION,
      });
    }
    expect(await row("stale-c")).toMatchObject({ tldr: "old tldr", version: 0 });
    expect(await contentVersion()).toBe(version + 1);
    expect(queue.sent.map((message) => [message.kind, message.payload])).toEqual([
      [INGEST_JOBS.refreshSummaries, { after: "stale-b", limit: 2 }],
    ]);

    // The queued job takes the rest; it finds fewer than a batch, so it queues nothing more.
    const [next] = queue.sent.splice(0);
    if (!next) throw new Error("no next batch was queued");
    await deliver([asDelivery(next)], queue.bindings);
    expect(await row("stale-c")).toMatchObject({ version: SUMMARIZER_VERSION });
    expect((await row("stale-c"))?.tldr).not.toBe("old tldr");
    expect(queue.sent).toEqual([]);
    expect(await count("articles", `summarizer_version < ${SUMMARIZER_VERSION}`)).toBe(0);

    // An article the current summarizer wrote was left alone.
    expect(await row("current")).toMatchObject({ tldr: "kept", updatedAt: updatedBefore });
  });

  it("lets the members' event take its main TLDR from their new summaries", async () => {
    const event = await env.DB.prepare("SELECT title, main_tldr AS mainTldr FROM events WHERE id = 'event-1'").first<{
      title: string;
      mainTldr: string;
    }>();
    const members = await Promise.all(["stale-a", "stale-b"].map((id) => row(id)));
    expect(members.map((member) => member?.tldr)).toContain(event?.mainTldr);
    expect(Object.values(TITLES)).toContain(event?.title);
  });

  it("resumes a chain cut short: the next poll starts over and finds what is still stale", async () => {
    for (const id of ["late-1", "late-2"])
      await insertArticle(env.DB, { id, body: BODIES["stale-b"], summarizerVersion: 1 });
    const queue = caughtQueue();
    await deliver([{ kind: INGEST_JOBS.refreshSummaries, payload: { limit: 1 } }], queue.bindings);
    expect(await row("late-1")).toMatchObject({ version: SUMMARIZER_VERSION });
    // The queued next batch is lost (its job dead-lettered, say): late-2 stays stale…
    expect(queue.sent).toHaveLength(1);
    queue.sent.length = 0;
    await env.DB.prepare("UPDATE queue_jobs SET status = 'failed' WHERE kind = ? AND status = 'pending'")
      .bind(INGEST_JOBS.refreshSummaries)
      .run();
    expect(await row("late-2")).toMatchObject({ version: 1 });
    // …until the next poll starts a new chain from the beginning.
    await deliver([pollJob()], queue.bindings);
    const [restart] = queue.sent.splice(0);
    if (!restart) throw new Error("the poll started no catch-up");
    expect(restart.payload).toEqual({});
    await deliver([asDelivery(restart)], queue.bindings);
    expect(await row("late-2")).toMatchObject({ version: SUMMARIZER_VERSION });
  });

  it("has nothing to start once every article is current", async () => {
    const queue = caughtQueue();
    const db = createDb(env.DB);
    expect(await startSummaryRefresh({ db, env: { ...env, ...queue.bindings } })).toBeNull();
    expect(queue.sent).toEqual([]);
  });
});
