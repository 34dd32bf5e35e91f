// The step both D1 outboxes of this worker share (reputation entries, the moderation log): each group
// of waiting rows goes to its own object at once, and only the groups an object took may leave D1.
// One object failing keeps its group waiting without holding the others back.

/** The ids of the entries whose object took them, and the first failure (to throw once they have left). */
export async function handOver<Key, Entry extends { id: unknown }>(
  groups: [Key, Entry[]][],
  send: (key: Key, entries: Entry[]) => Promise<unknown>,
): Promise<{ taken: Entry["id"][]; failed: PromiseRejectedResult | undefined }> {
  const outcomes = await Promise.allSettled(groups.map(([key, entries]) => send(key, entries)));
  const taken = groups.flatMap(([, entries], i) =>
    outcomes[i]?.status === "fulfilled" ? entries.map((entry) => entry.id) : [],
  );
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  return { taken, failed };
}
