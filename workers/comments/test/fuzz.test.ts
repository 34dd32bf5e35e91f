// Fuzzed JSON bodies at every JSON endpoint of the comments worker (shared/testing/fuzz.ts): never a
// 5xx, every 4xx with a clear message, and a refused request leaves the tables it writes as they were.
// The worker's real app runs on the real D1; its queue producer only records, so no consumer changes
// rows behind the comparisons.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { REPORT_REASONS } from "@unbiased/worker-shared/contracts/articles";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { type FuzzEndpoint, type FuzzReport, formatReports, fuzzEndpoint } from "@unbiased/worker-shared/testing/fuzz";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import worker from "../src/index.ts";
import { insertComment, signIn } from "./support/modme.ts";
import { person } from "./support/people.ts";

/** Bodies per endpoint: enough to meet every kind of bad body, few enough to keep the suite quick. */
const RUNS = 40;
/** A quiet machine takes 1–2 s per endpoint; a busy shared one several times that. */
const FUZZ_TIMEOUT_MS = 20_000;

const recordingQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, COMMENT_EVENTS: recordingQueue }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const text = (max: number) => fc.string({ maxLength: max });
const COMMENT_TABLES = ["comments", "queue_jobs"];
const REPUTATION_TABLES = ["user_reputation", "reputation_changes", "moderation_log", "comments"];

const reports: FuzzReport[] = [];
afterAll(() => console.log(formatReports("comments worker", reports)));

describe("fuzzed bodies at every JSON endpoint of the comments worker", () => {
  let article = "";
  /** One approved comment per endpoint, so what one endpoint does (a hide, a vote's reputation) does not decide another's answers. */
  const approved: Record<"reply" | "vote" | "report" | "deactivate", string> = {
    reply: "",
    vote: "",
    report: "",
    deactivate: "",
  };
  let pending = "";
  let reader = "";
  let authorId = "";
  let moderator = { access: "", admin: "" };
  let admin = "";

  beforeAll(async () => {
    article = (await insertArticle(env.DB)).id;
    // Reputation enough that the fuzzed downvotes never take it below 0 (which sends comments back to the queue).
    const author = await person({ score: 1_000 });
    authorId = author.id;
    for (const use of Object.keys(approved) as (keyof typeof approved)[]) {
      approved[use] = await insertComment(author.id, article, { status: "approved" });
    }
    pending = await insertComment(author.id, article);
    reader = (await person()).token;
    moderator = await signIn("moderator");
    admin = (await signIn("admin")).admin;
  });

  const endpoints: [string, () => FuzzEndpoint][] = [
    [
      "comment counts",
      () => ({
        method: "POST",
        path: "/api/comments/article/counts/batch",
        fields: { articleIds: fc.array(fc.oneof(fc.constant(article), text(40)), { maxLength: 60 }) },
        tables: ["comments"],
      }),
    ],
    [
      "post a comment",
      () => ({
        method: "POST",
        path: `/api/comments/article/${article}`,
        headers: bearer(reader),
        fields: { content: text(9_000) },
        tables: COMMENT_TABLES,
      }),
    ],
    [
      "reply",
      () => ({
        method: "POST",
        path: `/api/comments/${approved.reply}/reply`,
        headers: bearer(reader),
        fields: { content: text(9_000) },
        tables: COMMENT_TABLES,
      }),
    ],
    [
      "vote on a comment",
      () => ({
        method: "POST",
        path: `/api/comments/${approved.vote}/vote`,
        headers: bearer(reader),
        fields: { voteType: fc.constantFrom("upvote", "downvote", "none", "UPVOTE") },
        tables: ["comment_votes", ...REPUTATION_TABLES],
      }),
    ],
    [
      "report a comment",
      () => ({
        method: "POST",
        path: `/api/comments/${approved.report}/report`,
        headers: bearer(reader),
        fields: { reason: fc.oneof(fc.constantFrom(...REPORT_REASONS), text(1_200)) },
        tables: ["comment_reports"],
      }),
    ],
    [
      "hide or send to the queue",
      () => ({
        method: "PUT",
        path: `/api/comments/${approved.deactivate}/deactivate`,
        headers: bearer(moderator.access),
        fields: { reason: text(600), action: fc.constantFrom("hide", "queue", "delete") },
        tables: ["email_outbox", ...REPUTATION_TABLES],
      }),
    ],
    [
      "reject (with a ban)",
      () => ({
        method: "PUT",
        path: `/api/comments/${pending}/reject`,
        headers: bearer(moderator.admin),
        fields: {
          banType: fc.constantFrom("none", "temporary", "permanent", "forever"),
          hours: fc.oneof(fc.integer({ min: -10, max: 10_000 }), fc.constantFrom("24", "1e3", "")),
          reason: text(600),
        },
        tables: ["comments", "bans", "moderation_log", "email_outbox"],
      }),
    ],
    [
      "adjust reputation",
      () => ({
        method: "PUT",
        path: `/api/comments/admin/user/${authorId}/reputation`,
        headers: bearer(admin),
        fields: {
          adjustment: fc.oneof(fc.integer({ min: -2_000, max: 2_000 }), fc.double(), text(8)),
          reason: text(600),
        },
        tables: REPUTATION_TABLES,
      }),
    ],
    [
      "adjust reputation (second form)",
      () => ({
        method: "POST",
        path: "/api/comments/admin/reputation/adjust",
        headers: bearer(admin),
        fields: {
          userId: fc.oneof(fc.constant(authorId), text(40)),
          points: fc.oneof(fc.integer({ min: -2_000, max: 2_000 }), fc.double(), text(8)),
          reason: text(600),
        },
        tables: REPUTATION_TABLES,
      }),
    ],
  ];

  it.each(endpoints)(
    "%s: never a 5xx, every 4xx explained, nothing written when refused",
    async (_, endpoint) => {
      reports.push(await fuzzEndpoint(env.DB, endpoint(), send, RUNS));
    },
    FUZZ_TIMEOUT_MS,
  );
});
