// Puts a newly stored article into an event (or none): load the articles published within the window,
// decide with decide-event.ts, and write the assignment, the event's description and its span in one batch.
import type { Database } from "@unbiased/worker-shared/db/client";
import { runBatch, type Statement } from "@unbiased/worker-shared/db/raw-batch";
import {
  assignToEvent,
  type ClusterArticle,
  describeEvent,
  type EventDescription,
  getClusterArticle,
  insertEvent,
  listEventMembers,
  loadClusterArticles,
  refreshEventSpan,
} from "../storage/events.ts";
import { decideEvent } from "./decide-event.ts";
import { describeMembers, type EventMember } from "./describe-event.ts";

/** Articles more than three days apart never share an event. */
export const EVENT_WINDOW_SECONDS = 3 * 86400;
/** Bounds the work per article when a busy window holds many articles (the newest are kept). */
const MAX_CANDIDATES = 500;

const toMember = (article: ClusterArticle): EventMember => ({
  id: article.id,
  text: `${article.title} ${article.title} ${article.tldr} ${article.shortSummary}`,
  entities: article.entities,
  title: article.title,
  tldr: article.tldr,
  sourcedTime: article.sourcedTime,
});

/**
 * The event's title and main TLDR chosen again from its members as stored now (after their
 * summaries changed). The description, not the statement: a query builder returned from an async
 * function would be awaited, that is run, on the spot.
 */
export async function describeEventAgain(db: Database, eventId: string): Promise<EventDescription | null> {
  const members = await listEventMembers(db, eventId);
  return members.length > 0 ? describeMembers(members.map(toMember)) : null;
}

/** The article's event id after assignment; an article already in an event keeps it. */
export async function assignEvent(db: Database, articleId: string): Promise<string | null> {
  const article = await getClusterArticle(db, articleId);
  if (!article || article.eventId) return article?.eventId ?? null;
  const candidates = await loadClusterArticles(db, article.sourcedTime, EVENT_WINDOW_SECONDS, MAX_CANDIDATES);
  const decision = decideEvent(
    toMember(article),
    candidates.map((c) => ({ ...toMember(c), eventId: c.eventId })),
  );
  if (decision.kind === "none") return null;

  const statements: Statement[] = [];
  let eventId: string;
  if (decision.kind === "join") {
    eventId = decision.eventId;
    const members = [...(await listEventMembers(db, eventId)), article].map(toMember);
    statements.push(assignToEvent(db, article.id, eventId), describeEvent(db, eventId, describeMembers(members)));
  } else {
    eventId = crypto.randomUUID();
    const partner = candidates.find((c) => c.id === decision.partnerId);
    if (!partner) throw new Error(`Event partner ${decision.partnerId} is not among the candidates`);
    statements.push(
      insertEvent(db, eventId, describeMembers([partner, article].map(toMember))),
      assignToEvent(db, partner.id, eventId),
      assignToEvent(db, article.id, eventId),
    );
  }
  statements.push(refreshEventSpan(db, eventId));
  await runBatch(db, statements);
  return eventId;
}
