// D1 runs a batch as one transaction: every write of a step goes in one, so a failure leaves nothing
// half-written (docs/decisions/003-queue-job-tracking.md).

import type { Database } from "@unbiased/worker-shared/db/client";
import type { BatchItem } from "drizzle-orm/batch";

export type Statement = BatchItem<"sqlite">;

export async function runBatch(db: Database, statements: readonly Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
