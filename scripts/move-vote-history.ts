#!/usr/bin/env tsx
// Moves the voting history kept in D1 before ADR 022 into each user's UserVotes object, page after
// page, through the votes worker's admin call (workers/votes/src/routes/maintenance.ts). Run it once
// after deploying the votes worker that writes the objects; running it again (or after a stop) is safe:
// every object keeps the newer of what it has and what it is given.
//   npx tsx scripts/move-vote-history.ts --base https://… --token <the ModMe gate's admin token of an admin>
//   (UNBIASED_ADMIN_TOKEN may hold the token instead)
import { parseArgs } from "node:util";

interface Page {
  moved: number;
  next: { userId: string; articleId: string } | null;
}

async function main() {
  const { values } = parseArgs({
    options: { base: { type: "string" }, token: { type: "string" }, limit: { type: "string", default: "200" } },
  });
  const base = values.base;
  const token = values.token ?? process.env.UNBIASED_ADMIN_TOKEN;
  if (!base || !token) throw new Error("usage: move-vote-history.ts --base URL --token ADMIN_TOKEN [--limit N]");
  let after: Page["next"] = null;
  let total = 0;
  do {
    const res = await fetch(new URL("/api/votes/admin/history/move", base), {
      method: "POST",
      headers: { "content-type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ after, limit: Number(values.limit) }),
    });
    if (!res.ok) throw new Error(`move failed after ${total} rows: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: Page };
    total += data.moved;
    after = data.next;
    console.log(`${total} rows moved${after ? "…" : ": done."}`);
  } while (after);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
