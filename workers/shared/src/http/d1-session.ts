// Every request of every worker reads and writes D1 through one session (db/session.ts, ADR 020).
// createApp registers this middleware, so no route opens its own: a route's `c.env.DB` is the
// request's session. A request the gateway asks itself in-process (a page's data, pages/fragment.ts)
// is given the page request's env and so reads in the page's session: the content version a page's
// cache key names and the data rendered under it come from the same copy of the database.
import { createMiddleware } from "hono/factory";
import { rowFields } from "../db/row-meter.ts";
import {
  BOOKMARK_COOKIE,
  BOOKMARK_HEADER,
  BOOKMARK_MAX_AGE_SECONDS,
  callerBookmark,
  openRequestDatabase,
  type RequestDatabase,
  readStart,
} from "../db/session.ts";

/** Where the request's session lives in its env, so an in-process request reuses it. */
const REQUEST_DATABASE = Symbol("the request's D1 session");
type SessionEnv = { DB?: D1Database; [REQUEST_DATABASE]?: RequestDatabase };

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How the session started, in the log line and Server-Timing (never the bookmark itself). */
type Start = "primary" | "bookmark" | "newest" | "any";

declare module "hono" {
  interface ContextVariableMap {
    /** Set by `readsOnly`: an anonymous POST that only reads (a batch of counts) may use a replica. */
    d1ReadsOnly: boolean;
  }
}

/** On a POST route that writes nothing (a batch read whose ids do not fit a URL). */
export const readsOnly = createMiddleware(async (c, next) => {
  c.set("d1ReadsOnly", true);
  await next();
});

function startOf(
  request: Request,
  readsOnly: boolean,
): { start: Start; constraint: D1SessionConstraint | D1SessionBookmark } {
  if (!(READS.has(request.method) || readsOnly) || request.headers.has("Authorization")) {
    return { start: "primary", constraint: "first-primary" };
  }
  const caller = callerBookmark(request);
  if (caller) return { start: "bookmark", constraint: caller };
  const constraint = readStart(null);
  return { start: constraint === "first-unconstrained" ? "any" : "newest", constraint };
}

/** The cookie that brings a writer's bookmark back on their next request (Secure over https). */
function bookmarkCookie(bookmark: string, url: string): string {
  const secure = url.startsWith("https:") ? "; Secure" : "";
  return `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export const d1Sessions = createMiddleware(async (c, next) => {
  const env = c.env as SessionEnv | undefined;
  // A worker without D1, or a request asked in-process by one that already has its session.
  if (!env?.DB || env[REQUEST_DATABASE]) return next();
  let start = "none" as Start | "none";
  const database = openRequestDatabase(env.DB, () => {
    const chosen = startOf(c.req.raw, c.get("d1ReadsOnly") === true);
    start = chosen.start;
    return chosen.constraint;
  });
  c.env = { ...env, DB: database.binding, [REQUEST_DATABASE]: database };
  // The request's D1 rows are counted by its binding (db/row-meter.ts), not in a scope around it.
  await next();
  const rows = database.rows();

  const queries = database.queries();
  const region = database.region() ?? undefined;
  c.set("logFields", {
    ...c.get("logFields"),
    d1Queries: queries,
    d1Start: start,
    d1Region: region,
    ...rowFields(rows),
  });
  const timing = `d1;desc="${start}${region ? ` ${region}` : ""}";queries=${queries}`;
  const bookmark = database.bookmark();
  // A write's answer (one that succeeded) hands its bookmark on, unless a worker behind this one already did (its write
  // is the newer): the writer's next anonymous read starts there and sees what they wrote.
  const handOn =
    !READS.has(c.req.method) &&
    start === "primary" &&
    c.res.status < 400 &&
    bookmark !== null &&
    !c.res.headers.has(BOOKMARK_HEADER);
  // A request passed on to a worker behind this one (votes, comments) reads nothing here: that
  // worker's own entry says where its session started.
  const passedOn = start === "none" && (c.res.headers.get("Server-Timing") ?? "").includes("d1;");
  const apply = (headers: Headers) => {
    if (!passedOn) headers.append("Server-Timing", timing);
    if (handOn && bookmark) {
      headers.set(BOOKMARK_HEADER, bookmark);
      headers.append("Set-Cookie", bookmarkCookie(bookmark, c.req.url));
    }
  };
  try {
    apply(c.res.headers);
  } catch {
    // A response passed through from a service binding or the cache has immutable headers.
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
});
