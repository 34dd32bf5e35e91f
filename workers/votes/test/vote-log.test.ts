// Vote tracking over the VoteLog objects (ADR 022): events of users on both shards and over two days
// combine into the same answers one table gave: counts add up, distinct users and IPs are counted
// once across objects, the busiest users are found across days.
import { env } from "cloudflare:test";
import { createDb } from "@unbiased/worker-shared/db/client";
import { insertUser } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import type { LoggedEvent } from "../src/durable/vote-log.ts";
import { ipActivity, problematicUsers, statistics, userActivity } from "../src/storage/tracking.ts";
import { daysOf, recordEvents, shardOf } from "../src/storage/vote-log-days.ts";

const HOUR = 3600_000;

/** Two user ids on different shards (the routing is by a hash of the id). */
async function usersOnBothShards(): Promise<[string, string]> {
  const first = (await insertUser(env.DB, { name: "Shard Reader A" })).id;
  for (;;) {
    const other = await insertUser(env.DB, { name: "Shard Reader B" });
    if (shardOf(other.id) !== shardOf(first)) return [first, other.id];
  }
}

describe("tracking across days and shards", () => {
  it("adds counts, counts distinct users and IPs once, and finds users busy over several days", async () => {
    const [a, b] = await usersOnBothShards();
    // Yesterday noon and today a little before now: two days' objects whatever the time of day.
    const now = Date.now();
    const today = now - 60_000;
    const yesterday = Date.parse(`${new Date(now - 24 * HOUR).toISOString().slice(0, 10)}T12:00:00Z`);
    let n = 0;
    const event = (userId: string, ip: string, at: number, voteType: LoggedEvent["voteType"] = "upvote") => ({
      id: `shard-event-${n++}`,
      articleId: `article-${n % 3}`,
      userId,
      voteType,
      previousVote: "none" as const,
      ip,
      at,
    });
    await recordEvents(env, [
      event(a, "192.0.2.1", yesterday),
      event(a, "192.0.2.1", yesterday + 1),
      event(a, "192.0.2.2", today),
      event(a, "192.0.2.2", today + 1, "none"),
      event(b, "192.0.2.1", today),
      event(b, "192.0.2.1", today + 1),
      event(b, "192.0.2.1", today + 2),
    ]);
    const hours = (now - yesterday) / HOUR + 1;
    expect(daysOf(env, now - hours * HOUR, now).length).toBeGreaterThanOrEqual(2);

    expect(await statistics(env, hours, now)).toMatchObject({
      total_votes: 7,
      upvotes: 6,
      removals: 1,
      unique_users: 2,
      unique_ips: 2,
    });
    expect(await userActivity(env, a, hours, now)).toMatchObject({
      total_votes: 4,
      unique_ips: 2,
      recent: [expect.objectContaining({ voteType: "none" }), expect.anything(), expect.anything(), expect.anything()],
    });
    expect(await ipActivity(env, "192.0.2.1", hours, now)).toMatchObject({ total_votes: 5, unique_users: 2 });
    // a: 2 yesterday and 2 today, so 4 only over both days; b: 3, all today.
    expect(await problematicUsers(env, createDb(env.DB), 4, hours, now)).toMatchObject({
      users: [{ userId: a, name: "Shard Reader A", total_votes: 4 }],
      count: 1,
    });
  });
});
