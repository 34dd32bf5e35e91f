// Fuzzed JSON bodies at every JSON endpoint of the gateway's own API (shared/testing/fuzz.ts): sign-in,
// refresh, the ModMe gate, article reports, the staff hide, URL submissions, the account deletion (a
// fresh reader for every body, since an accepted one deletes the account). Never a 5xx, every 4xx
// with a clear message, and a refused request leaves the tables it writes as they were. The votes and
// comments endpoints behind the gateway are fuzzed in their own workers' tests.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { REPORT_REASONS } from "@unbiased/worker-shared/contracts/articles";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { type FuzzEndpoint, type FuzzReport, formatReports, fuzzEndpoint } from "@unbiased/worker-shared/testing/fuzz";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import worker from "../src/index.ts";
import { MODME_TEST_PASSWORD } from "./support/oidc-config.ts";
import { BASE, bearer, devSignIn } from "./support/session.ts";

/** Bodies per endpoint: enough to meet every kind of bad body, few enough to keep the suite quick. */
const RUNS = 30;
/** A quiet machine takes 1–2 s per endpoint; a busy shared one several times that. */
const FUZZ_TIMEOUT_MS = 20_000;

/** The ingest queue only records here, so the ingest worker does not change submissions behind the comparisons. */
const recordingQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, INGEST_QUEUE: recordingQueue }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const text = (max: number) => fc.string({ maxLength: max });
const role = () => fc.constantFrom("user", "moderator", "admin", "root", "");

const reports: FuzzReport[] = [];
/** Each body of the account deletion gets a reader of its own. */
let leavers = 0;
afterAll(() => console.log(formatReports("gateway", reports)));

describe("fuzzed bodies at every JSON endpoint of the gateway", () => {
  let reader = "";
  let moderator = "";
  let admin = "";
  let article = "";
  let toHide = "";

  beforeAll(async () => {
    reader = (await devSignIn("user", "Fuzzing Reader")).token;
    moderator = (await devSignIn("moderator", "Fuzzing Moderator")).token;
    admin = (await devSignIn("admin", "Fuzzing Admin")).token;
    article = (await insertArticle(env.DB)).id;
    toHide = (await insertArticle(env.DB)).id;
  });

  const endpoints: [string, () => FuzzEndpoint][] = [
    [
      "refresh (no cookie)",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/refresh",
        fields: {},
        tables: ["sessions", "spent_refresh_tokens", "ended_sessions"],
      }),
    ],
    [
      "logout",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/logout",
        fields: {},
        tables: ["sessions", "ended_sessions"],
      }),
    ],
    [
      "sign-in code exchange",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/exchange",
        fields: { code: text(300) },
        tables: ["sessions", "sign_in_codes", "users"],
      }),
    ],
    [
      "the ModMe gate",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/modme",
        headers: bearer(moderator),
        fields: { password: fc.oneof(text(300), fc.constant(`${MODME_TEST_PASSWORD} `)) },
        tables: ["moderation_log"],
      }),
    ],
    [
      "development sign-in",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/dev",
        fields: { role: role(), name: text(100) },
        tables: ["users", "sessions", "user_reputation"],
      }),
    ],
    [
      "development sign-in start",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/dev/start",
        fields: { role: role(), name: text(100) },
        tables: ["users", "sign_in_codes", "user_reputation"],
      }),
    ],
    [
      "Google ID token",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/google",
        fields: { idToken: fc.oneof(text(2_000), fc.constant("eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl")) },
        tables: ["users", "sessions"],
      }),
    ],
    [
      "report an article",
      () => ({
        origin: BASE,
        method: "POST",
        path: `/api/articles/${article}/report`,
        headers: bearer(reader),
        fields: { reason: fc.oneof(fc.constantFrom(...REPORT_REASONS), text(1_200)) },
        tables: ["article_reports"],
      }),
    ],
    [
      "hide an article",
      () => ({
        origin: BASE,
        method: "PUT",
        path: `/api/articles/admin/${toHide}/hide`,
        headers: bearer(admin),
        fields: { reason: text(600) },
        tables: ["articles", "moderation_log", "content_version"],
      }),
    ],
    [
      "submit a URL",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/submissions/url",
        headers: bearer(reader),
        fields: {
          url: fc.oneof(
            fc.webUrl(),
            fc.constantFrom("http://127.0.0.1/admin", "file:///etc/passwd", "javascript:alert(1)", "http://[::1]/"),
          ),
        },
        tables: ["submissions", "queue_jobs"],
      }),
    ],
    [
      "which articles are saved",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/me/saved/batch",
        headers: bearer(reader),
        fields: { articleIds: fc.array(text(80), { maxLength: 60 }) },
        tables: [],
      }),
    ],
    [
      "mark inbox entries read",
      () => ({
        origin: BASE,
        method: "POST",
        path: "/api/auth/me/inbox/read",
        headers: bearer(reader),
        fields: { ids: fc.array(text(220), { maxLength: 120 }), all: fc.boolean() },
        tables: [],
      }),
    ],
    [
      "the digest's opt-in",
      () => ({
        origin: BASE,
        method: "PUT",
        path: "/api/auth/me/digest",
        headers: bearer(reader),
        fields: { subscribed: fc.oneof(fc.boolean(), text(10), fc.integer()) },
        tables: ["digest_subscriptions"],
      }),
    ],
    [
      "delete the account",
      () => ({
        origin: BASE,
        method: "DELETE",
        path: "/api/auth/me",
        headersFor: async () => bearer((await devSignIn("user", `Fuzzed Leaver ${++leavers}`)).token),
        fields: {
          confirm: fc.oneof(fc.constant("DELETE"), fc.constant("delete"), text(50)),
          comments: fc.oneof(fc.constantFrom("delete", "keep"), text(20)),
        },
        tables: ["users", "sessions", "user_reputation", "bans", "carried_bans"],
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
