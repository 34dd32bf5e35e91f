// Fuzzed JSON bodies at every JSON endpoint of the votes worker (shared/testing/fuzz.ts): never a 5xx,
// every 4xx with a clear message, and a refused request changes nothing: not the articles' counts in
// their ArticleVotes objects, not the tracking events a cleanup deletes.
import { env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { type FuzzEndpoint, type FuzzReport, formatReports, fuzzEndpoint } from "@unbiased/worker-shared/testing/fuzz";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { dayOf, recordEvents, shardOf, voteLog } from "../src/storage/vote-log-days.ts";
import { articleVotes } from "../src/votes/cast-vote.ts";
import { type Person, signedInUser } from "./support/people.ts";

/** Bodies per endpoint: enough to meet every kind of bad body, few enough to keep the suite quick. */
const RUNS = 40;
/** A quiet machine takes 1–2 s per endpoint; a busy shared one several times that. */
const FUZZ_TIMEOUT_MS = 20_000;

const send = (request: Request) => SELF.fetch(request);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const reports: FuzzReport[] = [];
/** When the seeded tracking events happened: two days ago. */
const OLD = Date.now() - 48 * 3600_000;
afterAll(() => console.log(formatReports("votes worker", reports)));

describe("fuzzed bodies at every JSON endpoint of the votes worker", () => {
  const articles: string[] = [];
  let voter: Person;
  let moderator: Person;

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) articles.push((await insertArticle(env.DB)).id);
    voter = await signedInUser();
    moderator = await signedInUser("moderator");
    // Tracking events two days old, so a cleanup that is accepted has something to delete.
    await recordEvents(
      env,
      Array.from({ length: 5 }, (_, i) => ({
        id: `old-event-${i}`,
        articleId: articles[0] as string,
        userId: voter.id,
        voteType: "upvote" as const,
        previousVote: "none" as const,
        ip: "203.0.113.7",
        at: OLD + i,
      })),
    );
  });

  // Mostly values the endpoint accepts, so that some requests are accepted and change the counts
  // (which shows the comparison can see a change); the rest, and jsonBodies' own mix, are not.
  const articleId = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...articles) },
      { weight: 1, arbitrary: fc.constant("no-such-article") },
      { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    );
  const userId = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(voter.id) },
      { weight: 1, arbitrary: fc.constant(moderator.id) },
      { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
    );
  const voteType = () =>
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom("upvote", "downvote") }, fc.constantFrom("none", null, "UPVOTE"));
  const vote = () =>
    fc.record(
      { articleId: articleId(), userId: userId(), voteType: voteType(), voteCount: fc.constantFrom(1, 2) },
      {
        requiredKeys: ["articleId", "userId", "voteType"],
      },
    );
  /** The tracking events a refused cleanup must leave as they were (the voter's shard of their day). */
  const oldEvents = () => voteLog(env, dayOf(OLD), shardOf(voter.id)).eventsOf(voter.id);
  /** The counts a refused vote must leave as they were. */
  const counts = () => Promise.all(articles.map((id) => articleVotes(env, id).getCounts()));

  // The cleanup first: accepted votes reach D1's tracking rows through the queue a moment later,
  // which would move the rows under its comparison.
  const endpoints: [string, () => FuzzEndpoint][] = [
    [
      "tracking cleanup",
      () => ({
        method: "POST",
        path: "/api/votes/tracking/cleanup",
        headers: bearer(moderator.adminToken),
        fields: { hours: fc.oneof(fc.integer({ min: -100, max: 20_000 }), fc.constantFrom("24", "1.5", "")) },
        tables: [],
        unchanged: oldEvents,
      }),
    ],
    [
      "vote",
      () => ({
        method: "POST",
        path: "/api/votes/vote",
        headers: bearer(voter.token),
        fields: {
          articleId: articleId(),
          userId: userId(),
          voteType: voteType(),
          voteCount: fc.constantFrom(1, 2, "1"),
        },
        tables: [],
        unchanged: counts,
      }),
    ],
    [
      "vote batch",
      () => ({
        method: "POST",
        path: "/api/votes/vote/batch",
        headers: bearer(voter.token),
        fields: { votes: fc.array(vote(), { minLength: 1, maxLength: 4 }) },
        tables: [],
        unchanged: counts,
      }),
    ],
    [
      "counts batch",
      () => ({
        method: "POST",
        path: "/api/votes/counts/batch",
        fields: { articleIds: fc.array(articleId(), { maxLength: 25 }) },
        tables: [],
        unchanged: counts,
      }),
    ],
    [
      "recorded counts batch",
      () => ({
        method: "POST",
        path: "/api/votes/counts/recorded",
        fields: { articleIds: fc.array(articleId(), { maxLength: 25 }) },
        tables: [],
        unchanged: counts,
      }),
    ],
    [
      "the caller's votes, batch",
      () => ({
        method: "POST",
        path: "/api/votes/user/batch",
        headers: bearer(voter.token),
        fields: { userId: userId(), articleIds: fc.array(articleId(), { maxLength: 25 }) },
        tables: [],
        unchanged: counts,
      }),
    ],
  ];

  it.each(endpoints)(
    "%s: never a 5xx, every 4xx explained, nothing changed when refused",
    async (_, endpoint) => {
      reports.push(await fuzzEndpoint(env.DB, endpoint(), send, RUNS));
    },
    FUZZ_TIMEOUT_MS,
  );
});
