// Benchmark driver (tests/bench/hot-object.ts; never deployed). GET / answers "ready".
//
// GET /?article=ID&run=R&from=N&count=K&concurrency=C casts K upvotes from distinct users
// R-<N>…R-<N+K-1> on one article's ArticleVotes object of the votes worker, C calls in flight, exactly
// as the vote route calls it (with an origin, so each vote also writes its event to the object's
// outbox and the alarm hands it to the vote-events queue). Answers each call's latency and the
// object's counts afterwards.
//
// GET /counts?… makes the same calls, each reading the object's counts only: what a bare call to
// the object costs in the same run. GET /drain?article=ID answers the events still in the object's
// outbox, the D1 copy of its counts (on the article's row, which the object's flush writes) and how many
// vote events the consumer has recorded (histories and vote log written; its queue_jobs counts).
//
// GET /sharded?…&shards=S does the same on the simulation of ADR 010's sharded counters (sharded.ts):
// each vote goes to shard fnv1a(user) mod S. GET /sharded-root?article=ID answers the root's counts.
import type { ArticleVotes } from "../../../workers/votes/src/durable/article-votes.ts";
import { SimulatedVoteRoot, SimulatedVoteShard, shardOf } from "./sharded.ts";

export { SimulatedVoteRoot, SimulatedVoteShard };

interface Env {
  DB: D1Database;
  ARTICLE_VOTES: DurableObjectNamespace<ArticleVotes>;
  SIM_SHARD: DurableObjectNamespace<SimulatedVoteShard>;
  SIM_ROOT: DurableObjectNamespace<SimulatedVoteRoot>;
}

/** Runs `count` calls of `vote(user)`, `concurrency` at a time; each call's latency in ms. */
async function castAll(params: URLSearchParams, vote: (user: string) => Promise<unknown>): Promise<number[]> {
  const run = params.get("run") ?? "bench";
  const from = Number(params.get("from") ?? 0);
  const count = Number(params.get("count") ?? 100);
  const concurrency = Number(params.get("concurrency") ?? 32);
  const latencies: number[] = [];
  let next = from;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < from + count) {
        const user = `${run}-${next++}`;
        const started = performance.now();
        await vote(user);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const params = url.searchParams;
    const articleId = params.get("article");
    if (!articleId) return new Response("ready");
    const root = env.SIM_ROOT.get(env.SIM_ROOT.idFromName(articleId));
    if (url.pathname === "/sharded-root") return Response.json(await root.getCounts());
    if (url.pathname === "/sharded") {
      const shards = Number(params.get("shards") ?? 16);
      const latencies = await castAll(params, (user) => {
        const shard = shardOf(user, shards);
        return env.SIM_SHARD.get(env.SIM_SHARD.idFromName(`${articleId}#${shard}`)).setVote(
          user,
          "upvote",
          articleId,
          shard,
        );
      });
      return Response.json({ latencies, counts: await root.getCounts() });
    }
    const object = env.ARTICLE_VOTES.get(env.ARTICLE_VOTES.idFromName(articleId));
    if (url.pathname === "/drain") {
      const d1 = await env.DB.prepare("SELECT upvotes, downvotes FROM articles WHERE id = ?")
        .bind(articleId)
        .first<{ upvotes: number; downvotes: number }>();
      const recorded = await env.DB.prepare(
        "SELECT coalesce(sum(coalesce(items, 1)), 0) AS n FROM queue_jobs WHERE queue = 'unbiased-vote-events' AND status = 'completed'",
      ).first<{ n: number }>();
      return Response.json({
        pending: await object.pendingEvents(),
        d1: d1 ?? { upvotes: 0, downvotes: 0 },
        recorded: recorded?.n ?? 0,
      });
    }
    const latencies = await castAll(params, (user) =>
      url.pathname === "/counts" ? object.getCounts() : object.setVote(user, "upvote", { articleId, ip: "127.0.0.1" }),
    );
    return Response.json({ latencies, counts: await object.getCounts() });
  },
} satisfies ExportedHandler<Env>;
