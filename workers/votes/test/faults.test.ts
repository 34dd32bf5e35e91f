// The platform failing under the votes worker: D1 down at any point of a vote or a read, an article's
// ArticleVotes object failing (overloaded, or an error workerd marks retryable), a VoteLimiter object
// failing. Each answers a JSON 503 with Retry-After and the spec's message ('Failed to vote. Please
// try again.' for a vote, which the UI rolls back on: tests/e2e/votes.e2e.test.ts "rolls back and
// says…"), and the article's counts and the voter's vote are as they were.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { MODERATION_MESSAGES } from "@unbiased/worker-shared/contracts/moderation";
import { VOTE_MESSAGES } from "@unbiased/worker-shared/contracts/votes";
import { expectUnavailable, sweepFailurePoints } from "@unbiased/worker-shared/testing/fault-sweep";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { afterAll, describe, expect, it } from "vitest";
import worker from "../src/index.ts";
import { articleVotes } from "../src/votes/cast-vote.ts";
import { BASE, type Person, signedInUser } from "./support/people.ts";

interface Call {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
}

/** The worker's real app with some bindings swapped for failing ones. */
async function send(call: Call, bindings: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${BASE}${call.path}`, {
      method: call.method,
      headers: {
        ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
        ...(call.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** The errors workerd gives a caller when a Durable Object cannot serve it. */
const OBJECT_FAILURES = [
  {
    name: "overloaded",
    error: () =>
      Object.assign(new Error("Durable Object is overloaded. Too many requests queued."), { overloaded: true }),
  },
  {
    // Only the flag says this one is the platform's: its text matches none of the known messages.
    name: "a retryable error",
    error: () =>
      Object.assign(
        new Error("The Durable Object's code has been updated, this version can no longer access storage."),
        { retryable: true },
      ),
  },
];

/** A namespace whose objects throw `error()` from every method, as a failing object does over RPC. */
function failingNamespace<N extends Pick<DurableObjectNamespace, "idFromName">>(real: N, error: () => Error): N {
  const stub = new Proxy({}, { get: () => () => Promise.reject(error()) });
  return { idFromName: (name: string) => real.idFromName(name), get: () => stub } as unknown as N;
}

async function voter(): Promise<{ articleId: string; alice: Person; counts: () => Promise<unknown> }> {
  const { id: articleId } = await insertArticle(env.DB);
  // Someone has voted already, so "unchanged" means one upvote, not nothing at all.
  const bob = await signedInUser();
  const earlier = await send({
    method: "POST",
    path: "/api/votes/vote",
    token: bob.token,
    body: { articleId, userId: bob.id, voteType: "upvote" },
  });
  expect(earlier.status).toBe(200);
  const alice = await signedInUser();
  const counts = async () => ({
    ...(await articleVotes(env, articleId).getCounts()),
    alice: await articleVotes(env, articleId).getUserVote(alice.id),
  });
  return { articleId, alice, counts };
}

const voteBy = (alice: Person, articleId: string): Call => ({
  method: "POST",
  path: "/api/votes/vote",
  token: alice.token,
  body: { articleId, userId: alice.id, voteType: "downvote" },
});

const tried: string[] = [];
afterAll(() => console.log(`votes worker, D1 failure points tried per route:\n  ${tried.join("\n  ")}`));

describe("an article's Durable Object failing: the vote is refused, the counts are kept", () => {
  it.each(OBJECT_FAILURES)("ArticleVotes $name", async ({ error }) => {
    const { articleId, alice, counts } = await voter();
    const before = await counts();
    const res = await send(voteBy(alice, articleId), { ARTICLE_VOTES: failingNamespace(env.ARTICLE_VOTES, error) });
    await expectUnavailable(res, VOTE_MESSAGES.failed);
    expect(await counts()).toEqual(before);
    // With the object back, the same vote counts once.
    expect((await send(voteBy(alice, articleId))).status).toBe(200);
    expect(await counts()).toEqual({ upvotes: 1, downvotes: 1, alice: "downvote" });
  });

  it.each(OBJECT_FAILURES)("VoteLimiter $name", async ({ error }) => {
    const { articleId, alice, counts } = await voter();
    const before = await counts();
    const res = await send(voteBy(alice, articleId), { VOTE_LIMITER: failingNamespace(env.VOTE_LIMITER, error) });
    await expectUnavailable(res, VOTE_MESSAGES.failed);
    expect(await counts()).toEqual(before);
  });

  it("answers the counts read with its own message", async () => {
    const { articleId } = await voter();
    const failing = failingNamespace(env.ARTICLE_VOTES, OBJECT_FAILURES[0]!.error);
    const res = await send({ method: "GET", path: `/api/votes/counts/${articleId}` }, { ARTICLE_VOTES: failing });
    await expectUnavailable(res, VOTE_MESSAGES.countsFailed);
  });
});

describe("D1 down at any point: 503 with the route's message, the counts are kept", () => {
  it("POST /api/votes/vote", async () => {
    const outcome = await sweepFailurePoints(
      env.DB,
      async (db) => {
        const { articleId, alice, counts } = await voter();
        const before = await counts();
        return { res: await send(voteBy(alice, articleId), { DB: db }), counts, before };
      },
      async ({ res, counts, before }) => {
        await expectUnavailable(res, VOTE_MESSAGES.failed);
        expect(await counts()).toEqual(before);
      },
    );
    expect(outcome.final.res.status).toBe(200);
    expect(await outcome.final.counts()).toEqual({ upvotes: 1, downvotes: 1, alice: "downvote" });
    tried.push(`POST /api/votes/vote: ${outcome.points}`);
  });

  it.each([
    { name: "counts", path: (a: string) => `/api/votes/counts/${a}`, message: VOTE_MESSAGES.countsFailed },
    {
      name: "the caller's vote",
      path: (a: string, p: Person) => `/api/votes/user/${a}/${p.id}`,
      message: VOTE_MESSAGES.userVoteFailed,
    },
    { name: "voting history", path: () => "/api/votes/user/history", message: VOTE_MESSAGES.historyFailed },
    {
      name: "ModMe's queue status",
      path: () => "/api/votes/queue/status",
      message: MODERATION_MESSAGES.fetchQueueFailed,
      staff: true,
    },
  ])("GET $name", async ({ path, message, staff }) => {
    // An article this isolate has not seen, so its existence is read from D1 (storage/articles.ts remembers it).
    const { id: articleId } = await insertArticle(env.DB);
    const alice = await signedInUser();
    const moderator = await signedInUser("moderator");
    const call: Call = {
      method: "GET",
      path: path(articleId, alice),
      token: staff ? moderator.adminToken : alice.token,
    };
    const outcome = await sweepFailurePoints(
      env.DB,
      (db) => send(call, { DB: db }),
      (res) => expectUnavailable(res, message),
    );
    expect(outcome.final.status).toBe(200);
    expect(outcome.points).toBeGreaterThan(0);
    tried.push(`GET ${call.path.replace(/article-\d+|user-\d+/g, ":id")}: ${outcome.points}`);
  });
});
