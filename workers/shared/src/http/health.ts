// Health checks shared by every worker: each worker names its checks, this module runs them and
// answers 200 with every check "ok", or 503 naming the ones that failed.
import { type Context, type Env, Hono } from "hono";

type Check = () => Promise<void>;

export async function runChecks(c: Context, checks: Record<string, Check>) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await check();
        return [name, "ok"] as const;
      } catch (err) {
        console.error(`health check ${name} failed:`, err);
        return [name, "unreachable"] as const;
      }
    }),
  );
  const results = Object.fromEntries(entries);
  const failed = entries.filter(([, state]) => state !== "ok").map(([name]) => name);
  if (failed.length > 0) {
    return c.json({ success: false as const, error: `Unavailable: ${failed.join(", ")}`, checks: results }, 503);
  }
  return c.json({ success: true as const, data: { status: "ok", checks: results } });
}

/** A router answering GET / with the checks a worker builds from its bindings. */
export function healthRouter<E extends Env>(checksFor: (env: E["Bindings"]) => Record<string, Check>) {
  const router = new Hono<E>();
  router.get("/", (c) => runChecks(c, checksFor(c.env)));
  return router;
}

export const d1Check =
  (db: D1Database): Check =>
  async () => {
    await db.prepare("SELECT 1").first();
  };

/** A queue producer cannot be pinged; a missing binding is what this catches. */
export const queueCheck =
  (queue: Queue<never> | undefined, binding: string): Check =>
  async () => {
    if (typeof queue?.send !== "function") throw new Error(`${binding} binding missing`);
  };

/** Another worker's own health route, over a service binding. */
export const serviceCheck =
  (service: Fetcher, url: string): Check =>
  async () => {
    const res = await service.fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  };
