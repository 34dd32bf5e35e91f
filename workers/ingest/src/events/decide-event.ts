// Where a new article goes (docs/decisions/006-event-clustering.md): into the most similar existing
// event when it clears the threshold, else into a new event with the most similar unassigned article
// when that clears it, else nowhere (yet). Assigned articles never move, so events are stable.
import { type ClusterDoc, cosine, entityOverlap, similarity, tfidfVectors, vectorOf } from "./similarity.ts";

/** Blended similarity an article needs to join an event or pair up; tuned on the sample corpus. */
export const EVENT_THRESHOLD = 0.2;

export interface Candidate extends ClusterDoc {
  eventId: string | null;
}

export type EventDecision =
  | { kind: "join"; eventId: string; score: number }
  | { kind: "pair"; partnerId: string; score: number }
  | { kind: "none" };

/**
 * An event's score is the mean similarity to its members (average linkage): one look-alike member is
 * not enough to pull an article into a broad event, which keeps events from chaining.
 */
export function decideEvent(
  article: ClusterDoc,
  candidates: readonly Candidate[],
  threshold = EVENT_THRESHOLD,
): EventDecision {
  const others = candidates.filter((c) => c.id !== article.id);
  if (others.length === 0) return { kind: "none" };
  const vectors = tfidfVectors([article, ...others]);
  const mine = vectorOf(vectors, article.id);
  const scored = others.map((c) => ({
    candidate: c,
    score: similarity(cosine(mine, vectorOf(vectors, c.id)), entityOverlap(article.entities, c.entities)),
  }));

  const byEvent = new Map<string, number[]>();
  for (const { candidate, score } of scored)
    if (candidate.eventId) byEvent.set(candidate.eventId, [...(byEvent.get(candidate.eventId) ?? []), score]);
  const events = [...byEvent].map(([eventId, scores]) => ({
    eventId,
    score: scores.reduce((a, b) => a + b, 0) / scores.length,
  }));
  const bestEvent = events.sort((a, b) => b.score - a.score)[0];
  if (bestEvent && bestEvent.score >= threshold) return { kind: "join", ...bestEvent };

  const bestLoner = scored.filter((s) => !s.candidate.eventId).sort((a, b) => b.score - a.score)[0];
  if (bestLoner && bestLoner.score >= threshold)
    return { kind: "pair", partnerId: bestLoner.candidate.id, score: bestLoner.score };
  return { kind: "none" };
}
