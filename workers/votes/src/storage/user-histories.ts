// Writes to the users' UserVotes objects (ADR 022): a set of changes, each user's given to their
// object in one call, every user's at once. The vote-events consumer and the move of D1's old history
// both write this way.
import type { HistoryChange } from "../durable/user-votes.ts";
import { userVotes } from "../votes/cast-vote.ts";

export interface UserHistoryChange extends HistoryChange {
  userId: string;
}

export async function writeHistories(env: Env, changes: UserHistoryChange[]): Promise<void> {
  const byUser = new Map<string, HistoryChange[]>();
  for (const { userId, ...change } of changes) {
    const list = byUser.get(userId);
    if (list) list.push(change);
    else byUser.set(userId, [change]);
  }
  await Promise.all([...byUser].map(([userId, list]) => userVotes(env, userId).apply(list)));
}
