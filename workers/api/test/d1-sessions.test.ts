// Reads near the reader (ADR 020): every request reads D1 through one session. Locally D1 has no
// replica, so these tests check the plumbing the deployed database relies on: where each kind of
// request starts its session, that a write hands its bookmark on (header and cookie) and the
// writer's next anonymous read starts from it and sees the write, that a page and the data it is
// rendered from share one session, and that a bookmark of any other shape is ignored, not an error.
import { env, SELF } from "cloudflare:test";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER } from "@unbiased/worker-shared/db/session";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, bearer, devSignIn } from "./support/session.ts";

const ARTICLE = "session-story";
let reader = { token: "", id: "" };

/** The session's start and query count, as the answer's Server-Timing names them (the worker that read). */
function d1Timing(response: Response): { start: string; queries: number } | null {
  const found = /d1;desc="(\w+)[^"]*";queries=(\d+)/.exec(response.headers.get("Server-Timing") ?? "");
  return found ? { start: found[1]!, queries: Number(found[2]) } : null;
}

/** An article's API answer as it is read from D1 (a new query string each time: the JSON cache misses). */
const freshArticle = (headers: Record<string, string> = {}) =>
  get(`/api/articles?page=1&limit=${1 + Math.floor(Math.random() * 40)}`, headers);

const get = (path: string, headers: Record<string, string> = {}) => SELF.fetch(`${BASE}${path}`, { headers });

beforeAll(async () => {
  await insertArticle(env.DB, { id: ARTICLE, title: "Ferry timetable changes for the winter" });
  const r = await devSignIn("user", "Session Reader");
  reader = { token: r.token, id: r.user.id };
});

describe("where a request's session starts", () => {
  it("an anonymous read may go to any copy; a signed-in one starts at the primary", async () => {
    const anonymous = await freshArticle();
    expect(anonymous.status).toBe(200);
    expect(d1Timing(anonymous)?.start).toMatch(/^(any|newest)$/);
    expect(d1Timing(anonymous)?.queries).toBeGreaterThan(0);

    const signedIn = await get("/api/auth/verify", bearer(reader.token));
    expect(signedIn.status).toBe(200);
    expect(d1Timing(signedIn)).toEqual({ start: "primary", queries: expect.any(Number) });
  });

  it("an anonymous batch read sent as a POST is still a read", async () => {
    const response = await SELF.fetch(`${BASE}/api/comments/article/counts/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ articleIds: [ARTICLE] }),
    });
    expect(response.status).toBe(200);
    expect(d1Timing(response)?.start).not.toBe("primary");
    expect(response.headers.has(BOOKMARK_HEADER)).toBe(false);
  });
});

describe("a writer reads their own write", () => {
  let bookmark = "";
  let cookie = "";

  beforeAll(async () => {
    const response = await SELF.fetch(`${BASE}/api/comments/article/${ARTICLE}`, {
      method: "POST",
      headers: { ...bearer(reader.token), "content-type": "application/json" },
      body: JSON.stringify({ content: "The early boat is back from Monday." }),
    });
    expect(response.status).toBe(201);
    bookmark = response.headers.get(BOOKMARK_HEADER) ?? "";
    cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)) ?? "";
  });

  it("the comment's answer carries its session's bookmark, as a header and as a short cookie", () => {
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(cookie).toContain(`${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}`);
    expect(cookie).toMatch(/Max-Age=60/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("their next read shows the comment (still pending: to them alone)", async () => {
    const response = await get(`/api/comments/article/${ARTICLE}`, {
      ...bearer(reader.token),
      [BOOKMARK_HEADER]: bookmark,
    });
    const body = (await response.json()) as { data: { comments: { content: string }[] } };
    expect(body.data.comments.map((c) => c.content)).toContain("The early boat is back from Monday.");
  });

  it("an anonymous read that brings the bookmark, as a header or as the cookie, starts from it", async () => {
    for (const headers of [{ [BOOKMARK_HEADER]: bookmark }, { Cookie: cookie.split(";")[0]! }] as Record<
      string,
      string
    >[]) {
      const response = await get(`/api/comments/article/${ARTICLE}`, headers);
      expect(response.status).toBe(200);
      expect(d1Timing(response)?.start).toBe("bookmark");
    }
  });

  it("a read hands no bookmark on", async () => {
    const response = await get(`/api/comments/article/${ARTICLE}`, { [BOOKMARK_HEADER]: bookmark });
    expect(response.headers.has(BOOKMARK_HEADER)).toBe(false);
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
  });
});

describe("a page and its data", () => {
  it("are read in one session: the page's answer counts the queries of the data it was rendered from", async () => {
    // A search the JSON cache has not seen: the page's data is read from D1 by the gateway's own API,
    // asked in-process, and those reads are counted in the page's session, not in one of their own.
    const query = `ferry${crypto.randomUUID().slice(0, 8)}`;
    const response = await get(`/search?q=${query}`);
    expect(response.status).toBe(200);
    await response.text();
    const search = d1Timing(await get(`/api/articles/search/${query}x`))!;
    // The page's own reads (its content version) are at most one, and remembered for a second.
    expect(search.queries).toBeGreaterThan(1);
    expect(d1Timing(response)!.queries).toBeGreaterThanOrEqual(search.queries);
  });
});

describe("a bookmark of another shape", () => {
  it.each([
    ["garbage", "not-a-bookmark;DROP"],
    ["too long a group list", "1-2-3-4-5-6-7-8-9-10"],
    ["a percent sign", "%zz"],
  ])("is ignored (%s), never an error", async (_name, value) => {
    for (const headers of [{ [BOOKMARK_HEADER]: value }, { Cookie: `${BOOKMARK_COOKIE}=${value}` }] as Record<
      string,
      string
    >[]) {
      const response = await get(`/api/comments/article/${ARTICLE}`, headers);
      expect(response.status).toBe(200);
      expect(d1Timing(response)?.start).toMatch(/^(any|newest)$/);
    }
  });
});
