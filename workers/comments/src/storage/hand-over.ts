// The step both D1 outboxes of this worker share (reputation entries, the moderation log): each group
// of waiting rows goes to its own object at once, and only what an object took leaves D1. One object
// failing keeps its group waiting without holding the others back; its failure is thrown once the
// others have left.
import type { Database } from "@unbiased/worker-shared/db/client";
import { raw } from "@unbiased/worker-shared/db/raw-batch";

/**
 * Hands each group to `send`, then deletes from the `outbox` table (by its `id`) the entries taken: a
 * group whose call succeeded, but for the ids the call returns (entries its object would not take,
 * which stay waiting). Returns how many left and which were kept back.
 */
export async function handOver<Key, Entry extends { id: string | number }>(
  db: Database,
  outbox: "reputation_outbox" | "moderation_log",
  groups: [Key, Entry[]][],
  send: (key: Key, entries: Entry[]) => Promise<Entry["id"][] | undefined>,
): Promise<{ left: number; keptBack: Entry["id"][] }> {
  const outcomes = await Promise.allSettled(groups.map(([key, entries]) => send(key, entries)));
  const keptBack = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? (outcome.value ?? []) : []));
  const held = new Set(keptBack);
  const taken = groups.flatMap(([, entries], i) =>
    outcomes[i]?.status === "fulfilled" ? entries.map((entry) => entry.id).filter((id) => !held.has(id)) : [],
  );
  if (taken.length > 0)
    await raw(db, `DELETE FROM ${outbox} WHERE id IN (SELECT value FROM json_each(?))`, JSON.stringify(taken)).run();
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return { left: taken.length, keptBack };
}
