// D1 read replication through the Sessions API, one layer for every worker (docs/decisions/020-pages-at-
// the-edge.md). Each request reads and writes through one D1 session, so what it reads is sequentially
// consistent, wherever D1 serves it from:
// - an anonymous read (GET or HEAD without Authorization) may go to any replica: it starts from the
//   bookmark the caller brings (their own last write, below), else from the newest bookmark this
//   isolate has seen (so a cached answer is never older than the content version its key names), else
//   anywhere ("first-unconstrained");
// - everything else starts at the primary ("first-primary"): a signed-in request reads its session,
//   role and ban there, and writes go there anyway. Queue consumers, the cron and RPC calls use the
//   binding itself, which is the primary.
// A write's answer carries the session's bookmark (the X-D1-Bookmark header, and a short cookie the
// browser sends back), so the writer's next anonymous read sees their write. Locally D1 has no replica:
// the tests check this plumbing. Drizzle's D1 driver takes a D1Database and not a session (see
// docs/decisions/020-pages-at-the-edge.md): `asDatabase` is the one place the session is given that type.
import { D1_METER, type D1Rows, newRows } from "./row-meter.ts";

/** The header and cookie that carry a bookmark between a writer and their next request. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const BOOKMARK_COOKIE = "unbiased_d1";
/** Long enough for any replica to catch up; a stale bookmark only costs a read from a fresher copy. */
export const BOOKMARK_MAX_AGE_SECONDS = 60;

/** What a request's D1 session tells the request's log line and its Server-Timing. */
export interface RequestDatabase {
  /** The session as the request's code sees env.DB. */
  binding: D1Database;
  bookmark(): string | null;
  /** The region that served the request's last query, when D1 says (served_by_region). */
  region(): string | null;
  queries(): number;
  /** The D1 rows of every query made through `createDb` on the binding (db/row-meter.ts). */
  rows(): D1Rows;
}

/** The newest bookmark this isolate has seen (bookmarks sort in the order they were made). */
let newestBookmark: string | null = null;

function remember(bookmark: string | null): void {
  if (bookmark && (newestBookmark === null || bookmark > newestBookmark)) newestBookmark = bookmark;
}

/** Where an anonymous read's session starts: the caller's bookmark, else this isolate's newest. */
export function readStart(callerBookmark: string | null): D1SessionConstraint | D1SessionBookmark {
  return callerBookmark ?? newestBookmark ?? "first-unconstrained";
}

const REAL = Symbol("the session's own statement");
type Counted = D1PreparedStatement & { [REAL]?: D1PreparedStatement };

/**
 * The request's session, counting its queries and noting the region and bookmark of each. It opens
 * at the first query, from `start()` asked then, so a route can still say it only reads (d1-session.ts).
 */
export function openRequestDatabase(
  d1: D1Database,
  start: () => D1SessionConstraint | D1SessionBookmark,
): RequestDatabase {
  let opened: D1DatabaseSession | null = null;
  const session = () => {
    opened ??= d1.withSession(start());
    return opened;
  };
  let queries = 0;
  let region: string | null = null;
  const rows = newRows();
  const noted = <T extends { meta?: { served_by_region?: string } }>(result: T): T => {
    region = result.meta?.served_by_region ?? region;
    remember(session().getBookmark());
    return result;
  };
  const counted = (statement: D1PreparedStatement): D1PreparedStatement =>
    // A proxy: workerd's statements are native objects, so every call goes to the statement itself.
    new Proxy(statement, {
      get(target, property) {
        if (property === REAL) return target;
        if (property === "bind") return (...values: unknown[]) => counted(target.bind(...values));
        if (property === "all" || property === "run") {
          return async () => {
            queries += 1;
            return noted(await target[property]());
          };
        }
        if (property === "first" || property === "raw") {
          return async (...args: unknown[]) => {
            queries += 1;
            const rows = await (target[property] as (...a: unknown[]) => Promise<unknown>)(...args);
            remember(session().getBookmark());
            return rows;
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const binding = {
    prepare: (query: string) => counted(session().prepare(query)),
    batch: async (statements: Counted[]) => {
      queries += statements.length;
      const results = await session().batch(statements.map((statement) => statement[REAL] ?? statement));
      for (const result of results) noted(result);
      return results;
    },
    exec: () => Promise.reject(new Error("exec() is not available in a D1 session")),
    withSession: (constraintOrBookmark?: string) => d1.withSession(constraintOrBookmark),
    dump: () => Promise.reject(new Error("dump() is not available in a D1 session")),
    // The request's meter, which createDb's metering finds on the binding (db/row-meter.ts).
    [D1_METER]: rows,
  };
  return {
    binding: asDatabase(binding),
    bookmark: () => opened?.getBookmark() ?? null,
    region: () => region,
    queries: () => queries,
    rows: () => rows,
  };
}

/** A session's binding as Drizzle's D1 driver wants it: the one cast (ADR 020). */
function asDatabase(binding: object): D1Database {
  return binding as D1Database;
}

/** The bookmark a request brings: its X-D1-Bookmark header, else the cookie a write set. */
export function callerBookmark(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  const cookie = request.headers.get("Cookie") ?? "";
  const found = cookie.split(/;\s*/).find((part) => part.startsWith(`${BOOKMARK_COOKIE}=`));
  const given = header ?? (found ? safeDecode(found.slice(BOOKMARK_COOKIE.length + 1)) : null);
  // A bookmark is D1's own token (hex groups joined by dashes); anything else is ignored, not an error.
  return given !== null && BOOKMARK_SHAPE.test(given) ? given : null;
}

const BOOKMARK_SHAPE = /^[0-9a-f]+(?:-[0-9a-f]+){1,7}$/i;

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
