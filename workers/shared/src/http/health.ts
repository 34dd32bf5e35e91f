// Health checks shared by the three workers: each named check either resolves or names its failure.
import type { Context } from "hono";

export async function runChecks(c: Context, checks: Record<string, () => Promise<void>>) {
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
