// Benchmark driver (tests/bench/hot-object.ts): GET /?article=ID&run=R&from=N&count=K&concurrency=C casts
// K upvotes from distinct users R-<N>…R-<N+K-1> on one article's ArticleVotes object, C calls
// in flight, exactly as the vote route calls it (with an origin, so each vote also writes its event to
// the object's outbox and the alarm hands it to the vote-events queue). It answers each call's
// latency and the object's counts afterwards. GET / alone answers 200 (ready).

/** The part of ArticleVotes (workers/votes/src/durable/article-votes.ts) this driver calls. */
interface HotObject {
  setVote(userId: string, vote: "upvote", origin: { articleId: string; ip: string | null }): Promise<unknown>;
  getCounts(): Promise<{ upvotes: number; downvotes: number }>;
}
interface Env {
  ARTICLE_VOTES: { idFromName(name: string): unknown; get(id: unknown): HotObject };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const params = new URL(request.url).searchParams;
    const articleId = params.get("article");
    if (!articleId) return new Response("ready");
    const run = params.get("run") ?? "bench";
    const from = Number(params.get("from") ?? 0);
    const count = Number(params.get("count") ?? 100);
    const concurrency = Number(params.get("concurrency") ?? 32);
    const object = env.ARTICLE_VOTES.get(env.ARTICLE_VOTES.idFromName(articleId));
    const latencies: number[] = [];
    let next = from;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < from + count) {
          const user = next++;
          const started = performance.now();
          await object.setVote(`${run}-${user}`, "upvote", { articleId, ip: "127.0.0.1" });
          latencies.push(performance.now() - started);
        }
      }),
    );
    return Response.json({ latencies, counts: await object.getCounts() });
  },
};
